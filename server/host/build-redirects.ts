import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REDIRECTS_JSON } from '../../gatsby/post-build/redirect-files';

interface Entry {
  from: string;
  to: string;
  status: number;
}

/**
 * The redirects the build wrote for landings already over (public/_redirects.json), answered the way
 * the operator's host answers them. Re-read when a new build replaces the file.
 */
export class BuildRedirects {
  private loadedAt = -1;
  private byPath = new Map<string, Entry>();

  constructor(private readonly publicDir: string) {}

  find(urlPath: string): Entry | undefined {
    this.refresh();
    return this.byPath.get(urlPath) ?? this.byPath.get(`${urlPath.replace(/\/index\.html$/, '/').replace(/([^/])$/, '$1/')}`);
  }

  private refresh(): void {
    const file = path.join(this.publicDir, REDIRECTS_JSON);
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      this.byPath.clear();
      this.loadedAt = -1;
      return;
    }
    if (mtime === this.loadedAt) return;
    const entries = JSON.parse(readFileSync(file, 'utf8')) as Entry[];
    this.byPath = new Map(entries.map((entry) => [entry.from, entry]));
    this.loadedAt = mtime;
  }
}
