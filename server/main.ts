import path from 'node:path';
import { buildApp } from './app';
import { answerStyleFrom } from './stand-in/context';
import { eventLogPathFrom } from '../lib/event-log';
import { parseFaultTable, type FaultTable } from './stand-in/faults';
import { publicDirFromEnv } from './host/public-dir';

function readPort(): number {
  const raw = process.env.PORT ?? '9000';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[stand-in] PORT must be a port number, got "${raw}"`);
    process.exit(1);
  }
  return port;
}

function readFaults(): FaultTable {
  const raw = process.env.STAND_IN_FAULTS;
  if (!raw) return {};
  try {
    return parseFaultTable(JSON.parse(raw));
  } catch (error) {
    console.error(`[stand-in] STAND_IN_FAULTS is not a usable fault table: ${(error as Error).message}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const port = readPort();
  const host = process.env.HOST ?? '127.0.0.1';
  const faults = readFaults();
  const publicDir = publicDirFromEnv();
  const answers = answerStyleFrom(process.env.STAND_IN_ANSWERS);
  const eventLog = eventLogPathFrom();
  const repoDir = path.resolve(__dirname, '..');
  const localBackend = process.env.DECAP_SERVER_URL || null;
  const backendProblem = process.env.DECAP_SERVER_PROBLEM || null;
  const repo = process.env.PROMO_EDITOR_REPO || `local/${path.basename(repoDir)}`;
  const app = buildApp({ faults, publicDir, answers, eventLog, admin: { repoDir, localBackend, backendProblem, repo } });

  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  console.log(`Promo site: http://localhost:${actualPort}/promo/`);
  console.log(`QA index of every landing: http://localhost:${actualPort}/__qa/`);
  console.log(
    `Promotions editor: http://localhost:${actualPort}/__admin/${localBackend ? '' : ` (it cannot save: ${backendProblem ?? 'no local backend; npm start starts one'})`}`,
  );
  console.log(`Funnel report of the tracking events: http://localhost:${actualPort}/__qa/funnel (or npm run funnel)`);
  console.log(`Stand-in main site: http://${shownHost}:${actualPort}/ (API under /ajax, test hooks under /__stand-in)`);
  if (publicDir) console.log(`[stand-in] serving the build in ${publicDir}`);
  console.log(`[stand-in] tracking events appended to ${eventLog} (PROMO_EVENT_LOG)`);
  console.log(
    `[stand-in] answers: ${answers} (${answers === 'rich' ? 'every field it knows' : "the main-site contract's minimum; STAND_IN_ANSWERS=rich for every field"})`,
  );
  if (Object.keys(faults).length > 0) console.log(`[stand-in] faults active for: ${Object.keys(faults).join(', ')}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C means the user does not want to wait for open connections.
      process.exit(1);
    }
    stopping = true;
    console.log(`[stand-in] ${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[stand-in] error while closing', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[stand-in] could not start:', error);
  process.exit(1);
});
