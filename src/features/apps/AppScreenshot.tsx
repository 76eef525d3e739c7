import { StaticImage } from 'gatsby-plugin-image';
import React from 'react';
import type { Brand } from '../../domain/links';

/**
 * The app on a phone, per brand. gatsby-plugin-image makes AVIF/WebP at the sizes needed and
 * reserves the box, so nothing moves while it loads; it sits below the offer, so it loads lazily.
 * StaticImage takes literal props only, hence one element per brand.
 */
export function AppScreenshot({ brand, alt }: { brand: Brand; alt: string }) {
  if (brand === 'zenbet') {
    return <StaticImage src="../../images/app-zenbet.png" alt={alt} width={220} placeholder="none" loading="lazy" formats={['auto', 'webp', 'avif']} />;
  }
  if (brand === 'cupis') {
    return <StaticImage src="../../images/app-cupis.png" alt={alt} width={220} placeholder="none" loading="lazy" formats={['auto', 'webp', 'avif']} />;
  }
  return <StaticImage src="../../images/app-zenit.png" alt={alt} width={220} placeholder="none" loading="lazy" formats={['auto', 'webp', 'avif']} />;
}
