/**
 * The built pages are valid HTML by the W3C Nu Html Checker (vnu-jar, run on the machine's Java): the
 * bench's sample landings, the index and the 404 page, as they stand in public/. Run after `npm run build`.
 * Only errors count; the checker's warnings and notes are left to judgement.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_LANDINGS } from '../../scripts/bench/config';

const root = path.resolve(__dirname, '../..');
const publicDir = path.join(root, 'public');
const VNU_JAR = path.join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');
const JAVA = process.env.JAVA_PATH ?? 'java';

/** Files of public/, as the checker is given them and as a failure names them. */
const PAGES = [...SAMPLE_LANDINGS.map(({ path: page }) => `${page.slice(1)}index.html`), 'index.html', '404.html'];

/**
 * A page the checker must fault: a style in the body whose selector matches an element before its
 * parent. Checked in the same run, so a checker that reads nothing cannot pass the pages.
 */
const KNOWN_BAD = `<!DOCTYPE html><html lang="en"><head><title>bad</title></head>
<body><div id="overlay"><noscript><style>#overlay{display:none}</style></noscript></div></body></html>
`;

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

let messages: VnuMessage[] = [];
let scratch = '';
const knownBadFile = () => path.join(scratch, 'known-bad.html');

jest.setTimeout(180_000);

beforeAll(() => {
  if (!fs.existsSync(path.join(publicDir, 'index.html'))) throw new Error('public/ is missing: run `npm run build` first');
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-vnu-'));
  fs.writeFileSync(knownBadFile(), KNOWN_BAD);
  const files = [...PAGES.map((page) => path.join(publicDir, page)), knownBadFile()];
  const run = spawnSync(JAVA, ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error)
    throw new Error(`The HTML check needs Java (${JAVA}): ${run.error.message}. Debian: apt-get install -y default-jre-headless`);
  // 0: no errors; 1: errors reported. Anything else is the checker failing.
  if (run.status !== 0 && run.status !== 1) throw new Error(`vnu exited ${run.status}: ${run.stderr}`);
  messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** The checker's errors for one file, each as "file:line:column message". */
function errorsIn(file: string, shownAs: string): string[] {
  const url = `file:${file}`;
  return messages
    .filter((message) => message.type !== 'info' && message.url === url)
    .map((message) => `${shownAs}:${message.lastLine ?? '?'}:${message.firstColumn ?? '?'} ${message.message}`);
}

test('the checker faults a style in the body that reaches back before its parent', () => {
  expect(errorsIn(knownBadFile(), 'known-bad.html')).toEqual([expect.stringContaining('“style” element in “body”')]);
});

test.each(PAGES)('public/%s has no HTML errors', (page) => {
  expect(errorsIn(path.join(publicDir, page), `public/${page}`)).toEqual([]);
});

test('the checker reported nothing outside the files it was given', () => {
  const given = new Set([...PAGES.map((page) => `file:${path.join(publicDir, page)}`), `file:${knownBadFile()}`]);
  expect(messages.filter((message) => message.type !== 'info' && !given.has(message.url ?? '')).map((message) => message.message)).toEqual(
    [],
  );
});
