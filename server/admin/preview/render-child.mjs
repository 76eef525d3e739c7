/**
 * One landing rendered by the site's own build: the renderer `gatsby build` made
 * (.cache/page-ssr/routes/render-page.js, the same bundle that wrote every page) with the scripts, styles
 * and static queries Gatsby's own build step hands it, the build's slices stitched in by Gatsby's own code. A child process, since the bundle sets globals a
 * server should not carry, and a new build means a new bundle. It takes {id, pagePath, pageData} over IPC
 * and answers {id, html} or {id, error}; the page data travels inline, so the page hydrates with it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// Gatsby's utilities and the renderer are CommonJS files named by path in the site's own tree.
const load = createRequire(import.meta.url);

const siteDir = process.cwd();
process.env.NODE_ENV = 'production';
process.env.gatsby_executing_command = 'build';
const gatsbyUtils = path.join(siteDir, 'node_modules', 'gatsby', 'dist', 'utils');
const assets = load(path.join(gatsbyUtils, 'client-assets-for-template.js'));
const staticQueries = load(path.join(gatsbyUtils, 'static-query-utils.js'));
const stitching = load(path.join(gatsbyUtils, 'slices', 'stitching.js'));
const pageHtml = load(path.join(siteDir, 'node_modules', 'gatsby-core-utils', 'dist', 'page-html.js'));
const renderer = load(path.join(siteDir, '.cache', 'page-ssr', 'routes', 'render-page.js'));
// Gatsby stitches the slices the build wrote (public/_gatsby/slices/) into a page file in place: the
// page goes through a scratch folder that shows those slices.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-preview-'));
fs.symlinkSync(path.join(siteDir, 'public', '_gatsby'), path.join(scratch, '_gatsby'), 'dir');
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
process.on('disconnect', () => process.exit(0));

async function stitched(pagePath, html) {
  const file = pageHtml.generateHtmlPath(scratch, pagePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  await stitching.stitchSliceForAPage({ pagePath, publicDir: scratch });
  const page = fs.readFileSync(file, 'utf8');
  fs.rmSync(file);
  return page;
}

const stats = assets.readWebpackStats(path.join(siteDir, 'public'));

// One render at a time: two frames asking for one landing (two tabs) share its scratch file.
let previous = Promise.resolve();
process.on('message', (message) => {
  previous = previous.then(() => render(message));
});

async function render({ id, pagePath, pageData, webpackCompilationHash }) {
  try {
    const scriptsAndStyles = await assets.getScriptsAndStylesForTemplate(pageData.componentChunkName, await stats);
    const { staticQueryContext } = await staticQueries.getStaticQueryContext(pageData.staticQueryHashes);
    const { html } = await renderer.default({
      pagePath,
      pageData,
      staticQueryContext,
      ...scriptsAndStyles,
      inlinePageData: true,
      webpackCompilationHash,
      context: { isDuringBuild: true },
    });
    process.send({ id, html: await stitched(pagePath, html) });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.stack || error.message : String(error) });
  }
}
process.send({ ready: true });
