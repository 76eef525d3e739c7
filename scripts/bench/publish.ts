/**
 * The publish phase: the cold build's public/ goes live on a host folder of its own, then the warm build
 * (one promotion's date moved) is published over it and rolled back, behind a real nginx as
 * deploy/nginx.conf sets it up (deploy/publish/, the code `npm run publish` runs). How long the publish
 * and the rollback take, and how many files and bytes travel for that one-landing edit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publish, rollback } from '../../deploy/publish/publish';
import { nginxBinary, startScratchNginx } from '../../deploy/publish/scratch-nginx';

export interface PublishMeasure {
  /** The first release, onto an empty host: every file travels. */
  firstS: number;
  firstFiles: number;
  publishS: number;
  files: number;
  bytes: number;
  rollbackS: number;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const begin = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - begin) / 1e9];
}

export async function measurePublish(before: string, after: string, log: (line: string) => void): Promise<PublishMeasure> {
  const host = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-bench-host-'));
  const nginx = nginxBinary();
  const options = { to: host, keep: 5, commit: 'bench', nginx, rsh: 'ssh', log: () => {} };
  try {
    const [first, firstS] = await timed(() => publish({ ...options, from: before, nginxTest: 'true', reload: 'true' }));
    const server = await startScratchNginx(
      (port) => `
    include ${host}/live/nginx/promo.http.conf;
    server { listen 127.0.0.1:${port}; server_name localhost; include ${host}/live/nginx/promo.server.conf; }`,
      nginx,
    );
    try {
      const commands = { nginxTest: [...server.command, '-t'].join(' '), reload: [...server.command, '-s', 'reload'].join(' ') };
      const [second, publishS] = await timed(() => publish({ ...options, ...commands, from: after }));
      const [, rollbackS] = await timed(() => rollback({ ...options, ...commands }));
      log(`publish ${publishS.toFixed(1)} s (${second.transfer.files} files), rollback ${rollbackS.toFixed(1)} s`);
      return { firstS, firstFiles: first.transfer.files, publishS, files: second.transfer.files, bytes: second.transfer.bytes, rollbackS };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(host, { recursive: true, force: true });
  }
}

export function publishTable(measure: PublishMeasure): { header: string[]; rows: string[][] } {
  return {
    header: ['step', 'seconds', 'files sent', 'bytes sent'],
    rows: [
      ['first release (empty host)', measure.firstS.toFixed(1), String(measure.firstFiles), '—'],
      ['publish of a one-landing edit', measure.publishS.toFixed(1), String(measure.files), measure.bytes.toLocaleString('en-US')],
      ['rollback', measure.rollbackS.toFixed(1), '0', '0'],
    ],
  };
}
