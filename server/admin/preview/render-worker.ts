/**
 * Keeps one render child (render-child.mjs) per build: started at the first preview, and again when a
 * build wrote a new renderer, so a preview never renders with a bundle older than the pages beside it.
 * Requests are answered in turn; a child that dies fails what it held and the next request starts another.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const RENDERER_FILE = path.join('.cache', 'page-ssr', 'routes', 'render-page.js');
const CHILD = path.join(__dirname, 'render-child.mjs');

interface Answer {
  id?: number;
  html?: string;
  error?: string;
  ready?: boolean;
}

export class RenderWorker {
  private child: ChildProcess | null = null;
  private rendererStamp = 0;
  private nextId = 1;
  private readonly waiting = new Map<number, { child: ChildProcess; resolve: (html: string) => void; reject: (error: Error) => void }>();

  constructor(private readonly siteDir: string) {}

  /** The renderer's last build time, or 0 when the site was never built. */
  builtAt(): number {
    return fs.statSync(path.join(this.siteDir, RENDERER_FILE), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  }

  render(pagePath: string, pageData: unknown, webpackCompilationHash: string): Promise<string> {
    const child = this.current();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { child, resolve, reject });
      child.send({ id, pagePath, pageData, webpackCompilationHash });
    });
  }

  stop(): void {
    this.child?.kill();
    this.child = null;
  }

  /** A child of an older build finishes the previews it holds, then goes: a rebuild fails no preview. */
  private retire(child: ChildProcess): void {
    const holds = () => [...this.waiting.values()].some((pending) => pending.child === child);
    if (!holds()) {
      child.kill();
      return;
    }
    child.on('message', () => {
      if (!holds()) child.kill();
    });
  }

  private current(): ChildProcess {
    const stamp = this.builtAt();
    if (this.child && stamp === this.rendererStamp) return this.child;
    if (this.child) this.retire(this.child);
    this.child = null;
    this.rendererStamp = stamp;
    const child = fork(CHILD, [], { cwd: this.siteDir, execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    child.on('message', (answer: Answer) => {
      const pending = answer.id === undefined ? undefined : this.waiting.get(answer.id);
      if (!pending) return;
      this.waiting.delete(answer.id!);
      if (answer.html !== undefined) pending.resolve(answer.html);
      else pending.reject(new Error(answer.error ?? 'the renderer gave no page'));
    });
    child.on('exit', (code) => {
      if (this.child === child) this.child = null;
      for (const [id, pending] of this.waiting) {
        if (pending.child !== child) continue;
        pending.reject(new Error(`the renderer stopped (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
        this.waiting.delete(id);
      }
    });
    child.unref();
    this.child = child;
    return child;
  }
}
