/** Gatsby's browser runtime is not loaded in jsdom: Link becomes an <a>, withPrefix adds /promo. */
import React from 'react';

export const withPrefix = (path: string) => `/promo${path}`;

export function Link({ to, ...rest }: { to: string } & React.AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a href={withPrefix(to)} {...rest} />;
}

export const graphql = () => '';
export const useStaticQuery = () => ({ site: { siteMetadata: { siteUrl: 'https://zenit.win' } } });
export const navigate = jest.fn();
