import { graphql, useStaticQuery, withPrefix } from 'gatsby';
import React from 'react';
import type { Alternate } from './page-context';

interface SiteUrlQuery {
  site: { siteMetadata: { siteUrl: string } };
}

export function useSiteUrl(): string {
  const data = useStaticQuery<SiteUrlQuery>(graphql`
    query SiteUrl {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `);
  return data.site.siteMetadata.siteUrl.replace(/\/$/, '');
}

export interface SeoHeadProps {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  description?: string;
  path?: string;
  alternates?: Alternate[];
  favicon: string;
  noindex?: boolean;
  children?: React.ReactNode;
}

/** <html> attributes, title, description, canonical, hreflang alternates and favicon of a page. */
export function SeoHead({ lang, dir, title, description, path, alternates = [], favicon, noindex, children }: SeoHeadProps) {
  const siteUrl = useSiteUrl();
  return (
    <>
      <html lang={lang} dir={dir} />
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {noindex && <meta name="robots" content="noindex" />}
      {path && <link rel="canonical" href={`${siteUrl}${withPrefix(path)}`} />}
      {alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={`${siteUrl}${withPrefix(alternate.path)}`} />
      ))}
      <link rel="icon" href={withPrefix(favicon)} type="image/svg+xml" />
      {children}
    </>
  );
}
