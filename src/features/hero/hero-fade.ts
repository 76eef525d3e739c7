/**
 * Run once the page's HTML has been read (an inline script at the end of <body>, gatsby-ssr), before
 * any bundle: a hero picture still on its way gets its placeholder laid over it (`data-hero-waiting`,
 * which looks the same as the frame's own background), lifted when it arrives or fails; the CSS fades
 * it out in 500 ms. A picture already there is left alone, so nothing fades that was never missing.
 * Per-page script hashes cover it like Gatsby's own inline scripts (gatsby/post-build/csp-hashes.ts).
 */
export const HERO_FADE_SCRIPT = [
  'document.querySelectorAll("[data-hero]").forEach(function(frame){',
  'var image=frame.querySelector("img");',
  'if(!image||image.complete)return;',
  'frame.setAttribute("data-hero-waiting","");',
  'var lift=function(){frame.removeAttribute("data-hero-waiting")};',
  'image.addEventListener("load",lift,{once:true});',
  'image.addEventListener("error",lift,{once:true})',
  '});',
].join('');
