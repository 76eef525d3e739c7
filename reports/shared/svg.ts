/** What the reports' plots share: their colours and the inline SVG frame that names a plot for assistive technology. */
import { escapeHtml } from '../../lib/html-escape';

export const COLOURS = {
  bar: '#1d4ed8',
  field: '#93c5fd',
  good: '#2d6a4f',
  improve: '#b45309',
  poor: '#b91c1c',
  ink: '#111',
  grid: '#ccc',
};

let nextId = 0;
const svgId = (prefix: string): string => `${prefix}-${++nextId}`;

/** An inline plot with its title and description, named for assistive technology. */
export function svg(width: number, height: number, title: string, description: string, body: string): string {
  const id = svgId('plot');
  return [
    `<svg viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-labelledby="${id}-t ${id}-d" style="max-width:560px;height:auto">`,
    `<title id="${id}-t">${escapeHtml(title)}</title><desc id="${id}-d">${escapeHtml(description)}</desc>`,
    body,
    '</svg>',
  ].join('');
}
