/**
 * The rule appended to the offline worker names the main site's calls by a path pattern of its own (the
 * worker's script is copied as it is, so it cannot import the contract): every call the page makes must
 * match it, or that call's beacons go through the worker again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CALLS } from '../../../../src/main-site/contract';

const script = fs.readFileSync(path.resolve(__dirname, '../../../../gatsby/service-worker/calls-past-the-worker.js'), 'utf8');

test('every main-site call of the contract goes past the worker', () => {
  const [, list] = /\[('[^\]]+')\]\.map\(\(pathname\)/.exec(script) ?? [];
  const patterns = (list ?? '').split(',').map((item) => item.trim().slice(1, -1));
  expect(patterns.length).toBeGreaterThan(0);
  const passes = (callPath: string) =>
    patterns.some((pattern) => (pattern.endsWith('/*') ? callPath.startsWith(pattern.slice(0, -1)) : callPath === pattern));
  const missed = Object.values(CALLS)
    .map((call) => call.path)
    .filter((callPath) => !passes(callPath));
  expect(missed).toEqual([]);
});
