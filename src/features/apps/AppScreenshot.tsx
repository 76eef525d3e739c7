import React from 'react';
import type { ResponsivePicture } from '../../site/page-context';

/**
 * The app on a phone, per brand, from the build's processed sizes (gatsby-plugin-image's resolver).
 * A plain <picture>: GatsbyImage would fetch React's server renderer (~60 KB gzip) to hydrate one
 * image. Width and height reserve the box, so nothing moves while it loads; it sits below the offer,
 * so it loads lazily.
 */
export function AppScreenshot({ picture, alt }: { picture: ResponsivePicture; alt: string }) {
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={picture.fallback.src}
        srcSet={picture.fallback.srcSet}
        sizes={picture.fallback.sizes}
        width={picture.width}
        height={picture.height}
        alt={alt}
        loading="lazy"
        decoding="async"
        style={{ maxWidth: '100%', height: 'auto' }}
      />
    </picture>
  );
}
