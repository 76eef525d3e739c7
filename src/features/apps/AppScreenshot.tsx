import React from 'react';
import { Picture } from '../../components/Picture';
import type { ResponsivePicture } from '../../domain/page-context';

/** The app on a phone, per brand, from the build's processed sizes; below the offer, so it loads lazily. */
export function AppScreenshot({ picture, alt }: { picture: ResponsivePicture; alt: string }) {
  return <Picture picture={picture} alt={alt} loading="lazy" decoding="async" style={{ maxWidth: '100%', height: 'auto' }} />;
}
