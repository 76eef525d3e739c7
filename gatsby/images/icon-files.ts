/**
 * Build side of the inline icons (src/components/InlineIcon.tsx): the SVG files a landing shows on its first
 * screen or without scrolling far, read once per build and handed to the bundles as a constant.
 */
import fs from 'node:fs';
import path from 'node:path';

export const INLINE_ICONS_CONSTANT = '__PROMO_INLINE_ICONS__';

/** Folders of static/icons whose files are written into the HTML; the payment logos stay lazy <img>s. */
export const INLINE_ICON_FOLDERS = ['preloader', 'logos', 'apps', 'social'] as const;

/**
 * What an inline icon may not hold: it becomes part of the page, so no script, no event handler, no
 * style of its own (its rules would apply to the whole page), no animation (the preloader's motion is
 * poses set on the icon's box, features/preloader/motion.ts; spec 4) and no text.
 */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/<script/i, 'holds a <script>'],
  [/\son[a-z]+\s*=/i, 'holds an event handler attribute'],
  [/<style|@keyframes|<animate/i, 'holds a style or an animation of its own'],
  [/\sid\s*=/i, 'holds an id, which could clash with the page or another icon'],
  [/(?:href|src)\s*=\s*["'](?!#)/i, 'names another file'],
  // Text is laid out with the visitor's fonts (another word mark on each platform), and finding them
  // weighs on the first layout of every landing: outline it (the logos: npm run logos).
  [/<text[\s>]/i, 'holds text, drawn in whatever font the visitor has'],
];

/** Checks one icon's markup; returns why it cannot be inlined, or null. */
export function inlineIconProblem(markup: string): string | null {
  if (!/^<svg[\s>]/.test(markup)) return 'does not start with <svg';
  if (!/<\/svg>$/.test(markup)) return 'does not end with </svg>';
  for (const [pattern, reason] of FORBIDDEN) if (pattern.test(markup)) return reason;
  return null;
}

/** { "preloader/zenit-ring.svg": "<svg …>…</svg>", … }; a file that cannot be inlined fails the build with its name and why. */
export function readInlineIcons(iconsDir: string): Record<string, string> {
  const icons: Record<string, string> = {};
  for (const folder of INLINE_ICON_FOLDERS) {
    for (const file of fs
      .readdirSync(path.join(iconsDir, folder))
      .filter((name) => name.endsWith('.svg'))
      .sort()) {
      const markup = fs.readFileSync(path.join(iconsDir, folder, file), 'utf8').trim();
      const problem = inlineIconProblem(markup);
      if (problem) throw new Error(`static/icons/${folder}/${file} ${problem}: it cannot be written into the page`);
      icons[`${folder}/${file}`] = markup;
    }
  }
  return icons;
}
