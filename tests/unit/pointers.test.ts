import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every pointer in a comment or a manual leads somewhere inside the repository, so a reader sent
 * somewhere still arrives after a move (doc-links.test.ts holds the manuals' Markdown links):
 *
 * - a repository path in a comment, or in a manual's `code`, reaches a file or folder;
 * - a bare file name of code in a comment (`intent.ts`, `promo.http.conf`) is the name of a file of
 *   the repository, wherever it is (the folder is the reader's to find, but the file must be there);
 * - a manual named with a section in double quotes (`docs/deploy.md, "The CSP choice"`, a bare
 *   `README "…"`) has that heading;
 * - every "spec N" or "spec N.M" of a comment or a manual is a section of docs/spec.md.
 *
 * A path is a word that starts with a top-level folder of the repository and a slash
 * (`gatsby/post-build/`, `src/runtime/island.tsx`), or that holds a slash and ends in an extension the
 * repository uses (`site/intent.ts`, `../post-build/csp-map-file.ts`). It resolves from the root, from
 * the naming file's folder or its top-level folder (the stand-in names its routes from `server/`), or
 * from `src/`, from where any file may name a browser module (`features/preloader/motion.ts`). A path
 * into a dependency names its package first and resolves in node_modules (`gatsby/dist/…`), so it fails
 * too when an upgrade moves the file.
 *
 * Not paths, and left out: URLs (`scheme://…`) and site paths (`/promo/sw.js`, `/ajax/…`), globs and
 * patterns (with `*`, `{`, `<`, `$`, `?` or `=`), elided paths (`…/index.html`), example values in
 * double quotes (a map's key, a message), what a build, a tool or a run writes (the folders .gitignore
 * names: `public/`, `.cache/`, `bench/`, `var/`…), and the test fixtures (`tests/fixtures/`), whose
 * comments describe the data they stand for. Only comments are read in code: an import specifier is
 * code, which the compiler resolves.
 */
const root = path.resolve(__dirname, '../..');
/** The folders git ignores are what builds, tools and runs write. */
const GENERATED = fs
  .readFileSync(path.join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => /^\/?[\w.-]+\/$/.test(line))
  .map((line) => line.replace(/^\//, '').replace(/\/$/, ''));
const EXTENSIONS = 'ts|tsx|js|mjs|cjs|json|jsonl|md|sh|sql|conf|ya?ml|csv|svg|png|html|css|txt';
const SCRIPT = /\.(ts|tsx|js|mjs|cjs)$/;
/** Line comments start with `#` in shell and nginx files, with `--` in SQL. */
const HASH_COMMENTS = /\.(sh|conf)$/;
const SQL = /\.sql$/;

const TEST_FIXTURES = path.join(root, 'tests/fixtures');
const skipped = (name: string) => GENERATED.includes(name) || name.startsWith('.');

function filesUnder(dir: string, wanted: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped(entry.name) || file === TEST_FIXTURES ? [] : filesUnder(file, wanted);
    return wanted(entry.name) ? [file] : [];
  });
}

const topFolders = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !skipped(entry.name))
  .map((entry) => entry.name);

/** This file's own examples of the rules are no pointers. */
const SOURCES = filesUnder(root, (name) => SCRIPT.test(name) || HASH_COMMENTS.test(name) || SQL.test(name)).filter(
  (file) => file !== __filename,
);
const MANUALS = filesUnder(root, (name) => name.endsWith('.md'));
const FILE_NAMES = new Set(filesUnder(root, () => true).map((file) => path.basename(file)));
const SPEC = path.join(root, 'docs/spec.md');

/** The comments of a script, through the compiler: every token's leading and trailing comments, once each. */
function scriptComments(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JSX;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, string>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    const children = node.getChildren(source);
    if (children.length === 0) {
      take(ts.getLeadingCommentRanges(text, node.pos));
      take(ts.getTrailingCommentRanges(text, node.end));
    }
    children.forEach(visit);
  };
  visit(source);
  return [...seen.values()];
}

function lineComments(text: string, marker: RegExp): string[] {
  return text.split('\n').flatMap((line) => {
    const found = marker.exec(line);
    return found ? [line.slice(found.index + found[0].length)] : [];
  });
}

const parsed = new Map<string, string[]>();

/** Read once per file, for all the checks below. */
function commentsOf(file: string): string[] {
  if (!parsed.has(file)) parsed.set(file, readComments(file));
  return parsed.get(file)!;
}

function readComments(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  if (SCRIPT.test(file)) return scriptComments(file, text);
  // A `#` opens a comment at a line's start or after a space (not `$#`, `${#x}` or a colour).
  if (HASH_COMMENTS.test(file)) return lineComments(text, /(^|\s)#(?![0-9a-f]{3,6}\b)/);
  return lineComments(text, /(^|\s)--\s/);
}

/** A manual's prose and code spans, without its fenced blocks (shell sessions, trees, examples). */
function manualText(file: string): string {
  return fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

const EXTENSION = new RegExp(`\\.(${EXTENSIONS})$`);
const NOT_A_PATH = new RegExp(`[*{}<>$?=]|^/|^~|^(\\.\\.\\.|…)|^(\\./)?(${GENERATED.map((name) => name.replace('.', '\\.')).join('|')})/`);

/** The words of a text that name a repository path, trimmed of the punctuation around them. */
function pathsIn(text: string): string[] {
  return text
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ')
    .replace(/"[^"\n]*"/g, ' ')
    .split(/[\s`'"()[\],;:|]+/)
    .map((word) => word.replace(/^[^\w./~@-]+/, '').replace(/[.…!]+$/, ''))
    .filter((word) => word.includes('/') && !NOT_A_PATH.test(word))
    .filter((word) => EXTENSION.test(word) || topFolders.some((folder) => word.startsWith(`${folder}/`)));
}

/**
 * Bare names of the project's code files: no slash before or after. Not `.js`: a bare `.js` name is most
 * often the build's output (`sw.js`, a chunk) or a third party's file (`api.js`, `tag.js`).
 */
function bareNamesIn(text: string): string[] {
  const withoutPaths = text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ').replace(/"[^"\n]*"/g, ' ');
  return [...withoutPaths.matchAll(/(?<![\w/.@$*{-])[A-Za-z][\w.-]*\.(ts|tsx|mjs|sh|sql|conf)(?![\w/*-])/g)].map((match) => match[0]);
}

/** A manual's paths are the words of its code spans: its prose names things in words. */
const codeSpans = (markdown: string) => [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]).join(' ');

function resolved(pointer: string, file: string): string | undefined {
  const topFolder = path.join(root, path.relative(root, file).split(path.sep)[0]);
  const bases = [root, path.dirname(file), topFolder, path.join(root, 'src'), path.join(root, 'node_modules')];
  return bases.map((base) => path.resolve(base, pointer)).find((candidate) => fs.existsSync(candidate));
}

/** A manual's headings as a reader sees them: without the #s and the code marks. */
function headingsOf(manual: string): string[] {
  return (manualText(manual).match(/^#{1,6}\s+.+$/gm) ?? []).map((line) =>
    line
      .replace(/^#+\s+/, '')
      .replace(/`/g, '')
      .trim(),
  );
}

const MANUAL_SECTION = /([\w./-]*(?:README|\.md))\)?(?:'s)?,?\s+"([^"\n]+)"/g;

/** `docs/x.md, "Heading"` pointers whose manual or heading is not there. */
function brokenSections(text: string, file: string): string[] {
  return [...text.replace(/\s+/g, ' ').matchAll(MANUAL_SECTION)].flatMap(([whole, name, heading]) => {
    const manual = resolved(name.endsWith('README') ? `${name}.md` : name, file);
    const headings = manual ? headingsOf(manual).map((line) => line.toLowerCase()) : [];
    return headings.includes(heading.toLowerCase()) ? [] : [whole];
  });
}

/** "spec 5", "Spec 2 and 4", "spec 2, 3 and 7", "spec 5.2": every section number cited. */
function specCitations(text: string): string[] {
  const cited: string[] = [];
  for (const [, list] of text
    .replace(/\s+/g, ' ')
    .matchAll(/\bspec (?:section )?((?:\d+(?:\.\d+)?)(?:(?:, | and | or |–|-)\d+(?:\.\d+)?)*)/gi)) {
    cited.push(...list.split(/, | and | or |–|-/));
  }
  return cited;
}

/** docs/spec.md's numbered sections: "## 5. Registration" is 5, "### 5.2 …" is 5.2. */
function specSections(): Set<string> {
  return new Set(headingsOf(SPEC).flatMap((heading) => /^(\d+(?:\.\d+)?)\.?\s/.exec(heading)?.[1] ?? []));
}

const relative = (file: string) => path.relative(root, file);

test('the source files, manuals and top-level folders are found', () => {
  expect(SOURCES.map(relative)).toEqual(expect.arrayContaining(['gatsby-node.ts', 'src/early/early.ts', 'deploy/promo.server.conf']));
  expect(MANUALS.map(relative)).toEqual(expect.arrayContaining(['README.md', 'docs/spec.md', 'contract/README.md']));
  expect(topFolders).toEqual(expect.arrayContaining(['src', 'tests', 'docs', 'data']));
  expect(GENERATED).toEqual(expect.arrayContaining(['node_modules', 'public', '.cache']));
});

test('the matcher takes repository paths and leaves URLs, site paths, globs and written files alone', () => {
  expect(
    pathsIn(
      '(site/intent.ts), see `gatsby/post-build/` and ../post-build/csp-map-file.ts. Also https://example.com/a/b.ts, ' +
        '/promo/sw.js, public/_csp.nginx.map, node_modules/gatsby/x.js, tests/**/*.ts, data/{brand}.json, …/index.html, ' +
        '{ "preloader/ring.svg": 1 }, var/events.jsonl and features/x.',
    ),
  ).toEqual(['site/intent.ts', 'gatsby/post-build/', '../post-build/csp-map-file.ts']);
  expect(brokenSections('see README "Nothing like this", and docs/deploy.md, "The CSP choice"', __filename)).toEqual([
    'README "Nothing like this"',
  ]);
  expect(specCitations('Spec 2 and 4; spec 3, 7 or 8 (spec 5.2), inspect 9, spec section 6, spec 10–11')).toEqual([
    '2',
    '4',
    '3',
    '7',
    '8',
    '5.2',
    '6',
    '10',
    '11',
  ]);
});

test('every repository path a comment names exists', () => {
  const broken = SOURCES.flatMap((file) =>
    commentsOf(file)
      .flatMap(pathsIn)
      .filter((pointer) => !resolved(pointer, file))
      .map((pointer) => `${relative(file)}: ${pointer}`),
  );
  expect([...new Set(broken)]).toEqual([]);
});

test('every bare file name of code a comment names is a file of the repository', () => {
  expect(bareNamesIn('point-links.ts, (build-early.ts), https://x.org/a.ts, src/a.ts, *.ts, sw.js, "x.ts" and window.ts.')).toEqual([
    'point-links.ts',
    'build-early.ts',
    'window.ts',
  ]);
  const missing = SOURCES.flatMap((file) =>
    commentsOf(file)
      .flatMap(bareNamesIn)
      .filter((name) => !FILE_NAMES.has(name))
      .map((name) => `${relative(file)}: ${name}`),
  );
  expect([...new Set(missing)]).toEqual([]);
});

test('every repository path in a manual’s code exists', () => {
  const broken = MANUALS.flatMap((file) =>
    pathsIn(codeSpans(manualText(file)))
      .filter((pointer) => !resolved(pointer, file))
      .map((pointer) => `${relative(file)}: ${pointer}`),
  );
  expect([...new Set(broken)]).toEqual([]);
});

test('every manual section a comment or a manual names is a heading of that manual', () => {
  const broken = [
    ...SOURCES.flatMap((file) =>
      commentsOf(file).flatMap((comment) => brokenSections(comment, file).map((at) => `${relative(file)}: ${at}`)),
    ),
    ...MANUALS.flatMap((file) => brokenSections(manualText(file), file).map((at) => `${relative(file)}: ${at}`)),
  ];
  expect(broken).toEqual([]);
});

test('every "spec N" of a comment or a manual is a section of docs/spec.md', () => {
  const sections = specSections();
  expect(sections.size).toBeGreaterThan(0);
  const cited = [
    ...SOURCES.flatMap((file) => commentsOf(file).flatMap((comment) => specCitations(comment).map((section) => ({ file, section })))),
    ...MANUALS.flatMap((file) => specCitations(manualText(file)).map((section) => ({ file, section }))),
  ];
  expect(cited.length).toBeGreaterThan(100);
  const missing = cited.filter(({ section }) => !sections.has(section)).map(({ file, section }) => `${relative(file)}: spec ${section}`);
  expect([...new Set(missing)]).toEqual([]);
});
