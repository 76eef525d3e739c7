/**
 * After a save the editor's preview needs the landing as built: a warm `gatsby build` of the working
 * tree (the same runner the bench and the built-site tests use), one at a time. A save during a build asks
 * for one more build after it, so the last save is always built. A build that fails is said in a
 * marketer's words: the tables' problems in the build's own, or that the cause is not in the tables; the
 * log stays in a file for a developer. Each later save builds again, so one failure stops nothing.
 */
import path from 'node:path';
import { gatsbyBuild } from '../../lib/site-copy';
import { checkSite, formatProblem } from '../../tables/load';

export type RebuildState = 'idle' | 'rebuilding' | 'failed';

export interface RebuildStatus {
  state: RebuildState;
  /** Counts finished builds: the preview reloads when it changes. */
  generation: number;
  /** The step Gatsby reported last ("Building static HTML for pages"), while rebuilding. */
  step: string | null;
  /** Steps done so far and in the last finished build: the preview's progress bar. */
  stepsDone: number;
  stepsExpected: number | null;
  startedAt: number | null;
  /** Why the last build failed, for the marketer (not the build's log). */
  failure: string | null;
}

export type Builder = (siteDir: string, logFile: string, onOutput: (text: string) => void) => Promise<{ exitCode: number; tail: string }>;

const LOG_FILE = path.join('.cache', 'editor-rebuild.log');
const SHOWN_PROBLEMS = 5;

/** Why a build of `siteDir` failed, in words a marketer can act on. */
export function explainFailure(siteDir: string, now: number): string {
  const errors = checkSite(path.join(siteDir, 'data'), now).problems.filter((problem) => problem.severity === 'error');
  if (errors.length) {
    const more = errors.length > SHOWN_PROBLEMS ? ` (and ${errors.length - SHOWN_PROBLEMS} more)` : '';
    return `the build refuses the tables: ${errors.slice(0, SHOWN_PROBLEMS).map(formatProblem).join(' · ')}${more}. Mend that file and save again.`;
  }
  return `the build stopped for a reason outside the tables, which a developer has to look into (its log is ${LOG_FILE}). Your saves are in the files and reach the site with the next build that succeeds.`;
}

const STEP = /^success (.+?) - [\d.]+s/gm;

export class Rebuilder {
  private status: RebuildStatus = {
    state: 'idle',
    generation: 0,
    step: null,
    stepsDone: 0,
    stepsExpected: null,
    startedAt: null,
    failure: null,
  };
  private again = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly siteDir: string,
    private readonly now: () => number = Date.now,
    private readonly build: Builder = gatsbyBuild,
    private readonly explain: (siteDir: string, now: number) => string = explainFailure,
  ) {}

  current(): RebuildStatus {
    return { ...this.status };
  }

  /** Starts a build, or asks for one more after the running one. */
  request(): RebuildStatus {
    if (this.running) this.again = true;
    else this.running = this.loop();
    return this.current();
  }

  /** Resolves when no build is running or asked for. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.once();
      } while (this.again);
    } finally {
      this.running = null;
    }
  }

  private async once(): Promise<void> {
    const expected = this.status.stepsDone > 0 ? this.status.stepsDone : this.status.stepsExpected;
    this.status = {
      ...this.status,
      state: 'rebuilding',
      step: null,
      stepsDone: 0,
      stepsExpected: expected,
      startedAt: this.now(),
      failure: null,
    };
    const logFile = path.join(this.siteDir, LOG_FILE);
    let run: { exitCode: number; tail: string };
    try {
      run = await this.build(this.siteDir, logFile, (text) => {
        for (const [, step] of text.matchAll(STEP))
          this.status = { ...this.status, step: step.trim(), stepsDone: this.status.stepsDone + 1 };
      });
    } catch (error) {
      run = { exitCode: 1, tail: (error as Error).message };
    }
    let failure: string | null = null;
    if (run.exitCode !== 0) {
      try {
        failure = this.explain(this.siteDir, this.now());
      } catch {
        failure = `the build stopped (its log is ${LOG_FILE}).`;
      }
    }
    this.status = {
      ...this.status,
      state: run.exitCode === 0 ? 'idle' : 'failed',
      generation: this.status.generation + 1,
      step: null,
      stepsExpected: this.status.stepsDone,
      startedAt: null,
      failure,
    };
  }
}
