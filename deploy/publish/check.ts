/**
 * The check a release passes before it goes live: served by an nginx of its own with the release's own
 * includes, sample landings of each brand answer 200 with a policy whose hashes allow every script of
 * the page, the script files the page loads answer 200, and a landing that is over redirects where its
 * map says. Each problem comes back as a sentence; none means the release may go live.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cspHashOf, executableScripts } from '../../gatsby/post-build/csp-hashes';
import { sampleLandings, type Landings } from './landings';
import { startScratchNginx } from './scratch-nginx';

export interface CheckInput {
  /** The release's promo.http.conf and promo.server.conf, as files nginx can read. */
  httpConf: string;
  serverConf: string;
  publicDir: string;
  landings: Landings;
  nginx: string;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(port: number, urlPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Script files a page names: its <script src> tags and the files its deferred loader inserts. */
function scriptFilesOf(html: string): string[] {
  const named = [...html.matchAll(/["'](\/promo\/[^"'\s]+\.js)["']/g)].map((match) => match[1]);
  return [...new Set(named)];
}

async function checkLanding(port: number, landing: string): Promise<string[]> {
  const address = `/promo/${landing}/`;
  const page = await get(port, address);
  if (page.status !== 200) return [`${address} answered ${page.status}`];
  const policy = String(page.headers['content-security-policy'] ?? '');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1].split(/\s+/) ?? [];
  if (!scriptSrc.length) return [`${address} came without a script-src policy`];
  const problems: string[] = [];
  const inline = executableScripts(page.body).filter((script) => script.src === undefined);
  const refused = inline.filter((script) => !scriptSrc.includes(cspHashOf(script.text)));
  if (refused.length) problems.push(`${address}: the policy refuses ${refused.length} of its ${inline.length} inline scripts`);
  const files = scriptFilesOf(page.body);
  if (!files.length) problems.push(`${address} names no script file`);
  for (const file of files) {
    const answer = await get(port, file);
    if (answer.status !== 200) problems.push(`${address}: its script ${file} answered ${answer.status}`);
  }
  return problems;
}

/** The build's redirects: each landing that is over and where it goes. */
function redirectsOf(publicDir: string): Array<[string, string]> {
  const map = path.join(publicDir, '_redirects.nginx.map');
  if (!fs.existsSync(map)) return [];
  return fs
    .readFileSync(map, 'utf8')
    .split('\n')
    .map((line) => /^(\/\S+) (\S+);$/.exec(line))
    .filter((match): match is RegExpExecArray => !!match)
    .map((match) => [match[1], match[2]]);
}

/** Problems found, one sentence each; an empty list passes. */
export async function checkRelease(input: CheckInput): Promise<string[]> {
  let nginx;
  try {
    nginx = await startScratchNginx(
      (port) => `
    include ${input.httpConf};
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
        include ${input.serverConf};
    }`,
      input.nginx,
    );
  } catch (error) {
    return [`the release's nginx includes do not start: ${(error as Error).message}`];
  }
  try {
    const redirects = redirectsOf(input.publicDir);
    const over = new Set(redirects.map(([from]) => from.replace(/^\/promo\/|\/$/g, '')));
    const samples = sampleLandings(input.landings, over);
    if (!samples.length) return ['the build has no landing'];
    const problems = (await Promise.all(samples.map((landing) => checkLanding(nginx.port, landing)))).flat();
    if (redirects.length) {
      const [from, to] = redirects[0];
      const answer = await get(nginx.port, from);
      if (answer.status !== 302 || answer.headers.location !== to)
        problems.push(`${from} answered ${answer.status} ${answer.headers.location ?? ''} instead of a redirect to ${to}`.trim());
    }
    return problems;
  } finally {
    await nginx.stop();
  }
}
