/**
 * `npm run editor:export -- --backend gitlab --repo team/promo-landings --app-id ID --out DIR`: the
 * promotions editor for a host of its own, on the git host instead of decap-server: the same page,
 * scripts and collections as /__admin/, with the editorial workflow (each save a branch and a pull or
 * merge request that CI builds). GitHub takes `--backend github --base-url https://oauth.example` (an
 * OAuth provider) instead of --app-id. See docs/promotions.md, "The editor in production".
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { editorConfig, type EditorConfigOptions } from '../server/admin/collections';
import { adminPage, adminPolicy } from '../server/admin/page';

const root = path.resolve(__dirname, '..');
const { values } = parseArgs({
  options: {
    backend: { type: 'string' },
    repo: { type: 'string' },
    branch: { type: 'string', default: 'main' },
    'app-id': { type: 'string' },
    'base-url': { type: 'string' },
    'api-root': { type: 'string' },
    out: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`editor:export: ${message}`);
  process.exit(1);
}

const name = values.backend === 'github' || values.backend === 'gitlab' ? values.backend : fail('--backend must be github or gitlab');
const repo = values.repo && /^[\w.-]+(\/[\w.-]+)+$/.test(values.repo) ? values.repo : fail('--repo must name the repository as owner/name');
if (!values.out) fail('--out names the directory to write the editor into');
if (name === 'gitlab' && !values['app-id']) fail('GitLab sign-in (PKCE) needs --app-id, the OAuth application id');
if (name === 'github' && !values['base-url']) fail('GitHub sign-in needs --base-url, the OAuth provider that hands out tokens');

const apiRoot = values['api-root'] ?? (name === 'gitlab' ? 'https://gitlab.com/api/v4' : 'https://api.github.com');
const backend: EditorConfigOptions['backend'] =
  name === 'gitlab'
    ? { name, repo, branch: values.branch, auth_type: 'pkce', app_id: values['app-id'], api_root: apiRoot }
    : { name, repo, branch: values.branch, base_url: values['base-url'], api_root: apiRoot };
const hosts = [...new Set([new URL(apiRoot).origin, ...(values['base-url'] ? [new URL(values['base-url']).origin] : [])])];

const out = path.resolve(values.out);
fs.mkdirSync(out, { recursive: true });
const config = editorConfig(path.join(root, 'data'), { backend, now: Date.now() });
// JSON is YAML: Decap reads it as config.yml, and admin.js reads its fields' order from it.
fs.writeFileSync(path.join(out, 'config.yml'), `${JSON.stringify(config, null, 2)}\n`);
// A policy in a meta element cannot say who may frame the page (frame-ancestors): the host's headers should.
fs.writeFileSync(
  path.join(out, 'index.html'),
  adminPage({ base: './', checks: false, policy: adminPolicy(hosts).replace(/; frame-ancestors [^;]*/, '') }),
);
for (const file of ['admin.js', 'manual-init.js']) fs.copyFileSync(path.join(root, 'server/admin/client', file), path.join(out, file));
fs.cpSync(path.join(root, 'node_modules/decap-cms/dist'), out, { recursive: true, filter: (source) => !source.endsWith('.map') });
console.log(`The editor for ${repo} on ${name}: ${out} (serve it as static files; index.html is the page).`);
