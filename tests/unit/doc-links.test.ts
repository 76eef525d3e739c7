import fs from 'node:fs';
import path from 'node:path';

/** Every relative link of the manuals reaches a file, and a link to a heading reaches that heading. */
const root = path.resolve(__dirname, '../..');
const docsDir = path.join(root, 'docs');
const MANUALS = [
  'README.md',
  'CONTRIBUTING.md',
  'contract/README.md',
  'server/README.md',
  'scripts/bench/README.md',
  ...fs
    .readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
].filter((file) => fs.existsSync(path.join(root, file)));

/** Markdown outside fenced code blocks, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(file: string): Set<string> {
  const headings = prose(fs.readFileSync(file, 'utf8')).match(/^#{1,6}\s+.+$/gm) ?? [];
  return new Set(headings.map((line) => anchorOf(line.replace(/^#+\s+/, ''))));
}

const isRelative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target);

test('the manuals are found', () => {
  expect(MANUALS).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/performance.md']));
});

test.each(MANUALS)('every relative link in %s reaches its file and heading', (manual) => {
  const file = path.join(root, manual);
  const broken: string[] = [];
  for (const target of linksOf(fs.readFileSync(file, 'utf8')).filter(isRelative)) {
    const [filePart, anchor] = target.split('#');
    const resolved = filePart ? path.resolve(path.dirname(file), decodeURIComponent(filePart)) : file;
    if (!fs.existsSync(resolved)) broken.push(`${target}: no such file`);
    else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) broken.push(`${target}: no such heading`);
  }
  expect(broken).toEqual([]);
});
