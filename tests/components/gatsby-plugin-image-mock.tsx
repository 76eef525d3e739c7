/** StaticImage is turned into a processed image by Gatsby's build; in jsdom it is the plain <img> it becomes. */
import React from 'react';

export function StaticImage({ src, alt, width }: { src: string; alt: string; width?: number }) {
  return <img src={src} alt={alt} width={width} />;
}
