/**
 * The first-screen script as the HTML renderer puts it in a landing's <head>: the code built once per
 * build (gatsby/early-script.ts, handed to the renderer's bundle as a constant by gatsby-node), then its start
 * with this page's settings.
 */
import type { EarlyConfig } from './early';

/** The name the built script goes by in the HTML renderer's bundle (webpack's DefinePlugin). */
export const EARLY_SCRIPT_CONSTANT = '__PROMO_EARLY_SCRIPT__';
/** The global the built script defines (esbuild's iife globalName). */
export const EARLY_SCRIPT_GLOBAL = 'promoEarly';

/** JSON that can neither end the <script> it sits in nor open a comment in it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function inlineEarlyScript(script: string, config: EarlyConfig): string {
  return `${script};try{${EARLY_SCRIPT_GLOBAL}.startEarly(${scriptSafeJson(config)})}catch(e){}`;
}
