import { withPrefix } from 'gatsby';

/**
 * Icons fetched by URL from static/icons (the payment logos, lazy below the fold; the icons shown
 * without scrolling are written into the page, components/InlineIcon.tsx): imported, webpack would inline
 * them into the first-load JavaScript as base64 (a third of the template's chunk).
 */
export function iconUrl(path: string): string {
  return withPrefix(`/icons/${path}`);
}
