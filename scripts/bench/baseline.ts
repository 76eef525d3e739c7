/**
 * The yardstick: a bare Gatsby site (one page, a heading and a paragraph) built with the project's own
 * gatsby, react and react-dom, the same path prefix and trailing-slash setting.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PATH_PREFIX } from './config';
import { makeTempDir } from './workspace';

export const BASELINE_PAGE = `import * as React from 'react';

export default function Index() {
  return (
    <main>
      <h1>Bare Gatsby page</h1>
      <p>A heading and a paragraph: the smallest page Gatsby ships, the baseline of the landing bench.</p>
    </main>
  );
}

export const Head = () => <title>Bare Gatsby page</title>;
`;

export function baselineConfig(): string {
  return `module.exports = { pathPrefix: ${JSON.stringify(PATH_PREFIX)}, trailingSlash: 'always', plugins: [] };\n`;
}

/** Writes the bare site into a new temp dir and returns the dir. */
export function createBaselineSite(projectRoot: string): string {
  const dir = makeTempDir('baseline');
  const versions = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const pick = (name: string) => versions.dependencies[name] ?? '*';
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: 'bare-gatsby-baseline',
        version: '1.0.0',
        private: true,
        dependencies: { gatsby: pick('gatsby'), react: pick('react'), 'react-dom': pick('react-dom') },
      },
      null,
      2,
    )}\n`,
  );
  fs.writeFileSync(path.join(dir, 'gatsby-config.js'), baselineConfig());
  fs.mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'pages', 'index.js'), BASELINE_PAGE);
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
