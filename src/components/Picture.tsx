import React from 'react';
import type { ResponsivePicture } from '../domain/page-context';

type ImgAttributes = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'>;

/**
 * A plain <picture> of the build's processed files (gatsby-plugin-image's resolver): one <source> per
 * format, the fallback with its width and height, which reserve the box so nothing moves while it loads.
 * GatsbyImage would fetch React's server renderer, a large library, into the browser to hydrate it.
 */
export function Picture({ picture, alt, ...img }: { picture: ResponsivePicture; alt: string } & ImgAttributes) {
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} media={source.media} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={picture.fallback.src}
        srcSet={picture.fallback.srcSet}
        sizes={picture.fallback.sizes}
        width={picture.width}
        height={picture.height}
        alt={alt}
        {...img}
      />
    </picture>
  );
}
