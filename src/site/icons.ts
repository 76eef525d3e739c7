import { withPrefix } from 'gatsby';

/**
 * Icons are plain files under static/icons, fetched by URL: imported, webpack would inline them into
 * the first-load JavaScript as base64 (a third of the template's chunk).
 */
export function iconUrl(path: string): string {
  return withPrefix(`/icons/${path}`);
}
