import { StaticImage } from 'gatsby-plugin-image';
import React from 'react';
import type { Brand } from '../../domain/links';

/**
 * The app on a phone, per brand. gatsby-plugin-image makes AVIF/WebP at the sizes needed and
 * reserves the box, so nothing moves while it loads; it sits below the offer, so it loads lazily.
 */
export function AppScreenshot({ brand, alt }: { brand: Brand; alt: string }) {
  const common = { alt, width: 220, placeholder: 'none', loading: 'lazy' } as const;
  if (brand === 'zenbet') return <StaticImage src="../../images/app-zenbet.png" formats={['auto', 'webp', 'avif']} {...common} />;
  if (brand === 'cupis') return <StaticImage src="../../images/app-cupis.png" formats={['auto', 'webp', 'avif']} {...common} />;
  return <StaticImage src="../../images/app-zenit.png" formats={['auto', 'webp', 'avif']} {...common} />;
}
