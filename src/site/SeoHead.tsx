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
  /** Open Graph: how the page looks when a partner shares it in a messenger. */
  og?: { title: string; description: string; siteName: string; locale: string };
  children?: React.ReactNode;
}

/** <html> attributes, title, description, canonical, hreflang alternates and favicon of a page. */
export function SeoHead({ lang, dir, title, description, path, alternates = [], favicon, noindex, og, children }: SeoHeadProps) {
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
      {og && (
        <>
          <meta property="og:type" content="website" />
          <meta property="og:title" content={og.title} />
          <meta property="og:description" content={og.description} />
          <meta property="og:site_name" content={og.siteName} />
          <meta property="og:locale" content={og.locale} />
          {path && <meta property="og:url" content={`${siteUrl}${withPrefix(path)}`} />}
          <meta property="og:image" content={`${siteUrl}${withPrefix(favicon.replace(/\.svg$/, '-og.png'))}`} />
          <meta name="twitter:card" content="summary" />
        </>
      )}
      {children}
    </>
  );
}
