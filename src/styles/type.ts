/**
 * The site's type scale: a few sizes and two weights, shared by every section. Each size and weight a
 * page draws is a font the browser must find before it can lay the text out; on Linux each one is a
 * round trip to the browser process in the middle of the first layout, so fewer sizes mean a quicker
 * first screen. Small print is 14 px, never less: readable on a 360 px phone.
 */
export const TYPE = {
  /** Hints, small print, countdown units, secondary labels. */
  small: '0.875rem',
  /** Section headings, and the figures that stand out (countdown). */
  heading: '1.5rem',
  /** Labels, buttons, errors, headings: the one weight besides the body's. */
  bold: 700,
} as const;
