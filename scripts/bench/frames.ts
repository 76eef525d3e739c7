/** Long animation frames (Chromium's LoAF entries): what kept the main thread busy in a time window (pure). */

export interface LongFrame {
  startMs: number;
  durationMs: number;
  blockingMs: number;
  scripts: Array<{ source: string; startMs: number; durationMs: number }>;
}

/**
 * Page-side source, for a script the bench installs before any page script: records every long animation
 * frame into `state.frames` as a LongFrame. Where the browser has no such entries it records nothing.
 */
export const RECORD_LONG_FRAMES = `try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.frames.push({
          startMs: entry.startTime,
          durationMs: entry.duration,
          blockingMs: entry.blockingDuration || 0,
          scripts: (entry.scripts || []).map((script) => ({ source: script.sourceURL || script.invoker || '', startMs: script.startTime, durationMs: script.duration })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (error) {}`;

function overlap(start: number, end: number, from: number, to: number): number {
  return Math.max(0, Math.min(end, to) - Math.max(start, from));
}

/** A script URL as its file name (/promo/713-abc.js → 713-abc.js); other invokers as they are. */
export function scriptName(source: string): string {
  if (!source) return '(no script)';
  const clean = source.split(/[?#]/)[0];
  const file = clean.slice(clean.lastIndexOf('/') + 1);
  return file || clean;
}

/**
 * Time the main thread spent in long frames between two moments, and the scripts that ran then,
 * longest first (only the part inside the window counts).
 */
export function busyBetween(
  frames: LongFrame[],
  fromMs: number,
  toMs: number,
): { busyMs: number; scripts: Array<{ script: string; ms: number }> } {
  let busyMs = 0;
  const perScript = new Map<string, number>();
  for (const frame of frames) {
    busyMs += overlap(frame.startMs, frame.startMs + frame.durationMs, fromMs, toMs);
    for (const script of frame.scripts) {
      const ms = overlap(script.startMs, script.startMs + script.durationMs, fromMs, toMs);
      if (ms > 0) perScript.set(scriptName(script.source), (perScript.get(scriptName(script.source)) ?? 0) + ms);
    }
  }
  return {
    busyMs,
    scripts: [...perScript.entries()].map(([script, ms]) => ({ script, ms })).sort((a, b) => b.ms - a.ms),
  };
}
