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

/**
 * Title, description, canonical, hreflang alternates, favicon and Open Graph tags of a page, as plain
 * elements (no hooks), so the server can put them in a document's head itself (gatsby-ssr.tsx) and the
 * Head API can render them on a client-side navigation.
 */
export function seoHeadTags(
  { title, description, path, alternates = [], favicon, noindex, og }: Omit<SeoHeadProps, 'lang' | 'dir' | 'children'>,
  siteUrl: string,
  extra: Record<string, string> = {},
): React.ReactElement[] {
  const site = siteUrl.replace(/\/$/, '');
  const url = (to: string) => `${site}${withPrefix(to)}`;
  const tags: React.ReactElement[] = [<title key="title" {...extra}>{title}</title>];
  if (description) tags.push(<meta key="description" name="description" content={description} {...extra} />);
  if (noindex) tags.push(<meta key="robots" name="robots" content="noindex" {...extra} />);
  if (path) tags.push(<link key="canonical" rel="canonical" href={url(path)} {...extra} />);
  for (const alternate of alternates) {
    tags.push(<link key={`alternate-${alternate.hreflang}`} rel="alternate" hrefLang={alternate.hreflang} href={url(alternate.path)} {...extra} />);
  }
  tags.push(<link key="icon" rel="icon" href={withPrefix(favicon)} type="image/svg+xml" {...extra} />);
  if (og) {
    tags.push(
      <meta key="og:type" property="og:type" content="website" {...extra} />,
      <meta key="og:title" property="og:title" content={og.title} {...extra} />,
      <meta key="og:description" property="og:description" content={og.description} {...extra} />,
      <meta key="og:site_name" property="og:site_name" content={og.siteName} {...extra} />,
      <meta key="og:locale" property="og:locale" content={og.locale} {...extra} />,
    );
    if (path) tags.push(<meta key="og:url" property="og:url" content={url(path)} {...extra} />);
    tags.push(
      <meta key="og:image" property="og:image" content={url(favicon.replace(/\.svg$/, '-og.png'))} {...extra} />,
      <meta key="twitter:card" name="twitter:card" content="summary" {...extra} />,
    );
  }
  return tags;
}

/** <html> attributes and the head tags of a page, for Gatsby's Head API. */
export function SeoHead({ lang, dir, children, ...tags }: SeoHeadProps) {
  const siteUrl = useSiteUrl();
  return (
    <>
      <html lang={lang} dir={dir} />
      {seoHeadTags(tags, siteUrl)}
      {children}
    </>
  );
}
