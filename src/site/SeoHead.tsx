import { withPrefix } from 'gatsby';
import React from 'react';
import type { Alternate } from '../domain/page-context';
import type { Brand } from '../domain/links';
import { SITE_URL } from './site-url';

export interface SeoHeadProps {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  description?: string;
  path?: string;
  alternates?: Alternate[];
  /** The brand whose icons the page shows (static/favicons, made by `npm run favicons`). */
  brand: Brand;
  noindex?: boolean;
  /** Open Graph: how the page looks when a partner shares it in a messenger. */
  og?: { title: string; description: string; siteName: string; locale: string };
  children?: React.ReactNode;
}

/** Marks the head the server wrote into a document (gatsby-ssr.tsx), which Gatsby's Head API neither owns nor removes. */
export const SERVER_HEAD_ATTRIBUTE = 'data-promo-head';

/**
 * Title, description, canonical, hreflang alternates, favicon and Open Graph tags of a page, without
 * hooks, so the server can write them into a document's head itself (gatsby-ssr.tsx) and the Head API can
 * render them on a client-side navigation. `fromServer` marks the title for documentHasServerHead().
 */
export function seoHeadTags(
  { title, description, path, alternates = [], brand, noindex, og, children }: Omit<SeoHeadProps, 'lang' | 'dir'>,
  siteUrl: string,
  fromServer = false,
): React.ReactElement {
  const url = (to: string) => `${siteUrl.replace(/\/$/, '')}${withPrefix(to)}`;
  return (
    <>
      <title {...(fromServer ? { [SERVER_HEAD_ATTRIBUTE]: '' } : {})}>{title}</title>
      {description && <meta name="description" content={description} />}
      {noindex && <meta name="robots" content="noindex" />}
      {path && <link rel="canonical" href={url(path)} />}
      {alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={url(alternate.path)} />
      ))}
      <link rel="icon" href={withPrefix(`/favicons/${brand}-32.png`)} type="image/png" sizes="32x32" />
      <link rel="apple-touch-icon" href={withPrefix(`/favicons/${brand}-180.png`)} />
      {og && (
        <>
          <meta property="og:type" content="website" />
          <meta property="og:title" content={og.title} />
          <meta property="og:description" content={og.description} />
          <meta property="og:site_name" content={og.siteName} />
          <meta property="og:locale" content={og.locale} />
          {path && <meta property="og:url" content={url(path)} />}
          <meta property="og:image" content={url(`/favicons/${brand}-og.png`)} />
          <meta name="twitter:card" content="summary" />
        </>
      )}
      {children}
    </>
  );
}

/** True in a browser whose document came with the server's head (not after a client-side navigation). */
export function documentHasServerHead(): boolean {
  return typeof document !== 'undefined' && document.head.querySelector(`[${SERVER_HEAD_ATTRIBUTE}]`) !== null;
}

/** <html> attributes and the head tags of a page, for Gatsby's Head API. */
export function SeoHead({ lang, dir, ...tags }: SeoHeadProps) {
  return (
    <>
      <html lang={lang} dir={dir} />
      {seoHeadTags(tags, SITE_URL)}
    </>
  );
}
