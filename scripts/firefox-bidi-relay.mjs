#!/usr/bin/env node
// Stands in for the Firefox binary when Playwright drives Debian's Firefox ESR over WebDriver BiDi
// (playwright.config.ts, project "firefox"). Playwright opens every browser context with
// emulation.setMediaFeaturesOverride, a BiDi command newer than the ESR: unanswered, no context can open.
// This starts the real Firefox with Playwright's arguments, relays the BiDi socket unchanged, and answers
// only that command: "no override" succeeds (there is none to clear), a real override fails loudly.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { WebSocket, WebSocketServer } from 'ws';

const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
const BANNER = /WebDriver BiDi listening on (ws:\/\/\S+)/;
const ABSENT_COMMAND = 'emulation.setMediaFeaturesOverride';

const firefox = spawn(FIREFOX, process.argv.slice(2), { stdio: ['inherit', 'pipe', 'pipe'] });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => firefox.kill(signal));
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** Firefox's own log goes on to Playwright, with the BiDi address swapped for the relay's. */
function relayLog(stream, out) {
  createInterface({ input: stream }).on('line', (line) => {
    const match = BANNER.exec(line);
    if (!match) return void out.write(`${line}\n`);
    listen(match[1]).then((address) => out.write(`${line.replace(match[1], address)}\n`));
  });
}
relayLog(firefox.stdout, process.stdout);
relayLog(firefox.stderr, process.stderr);

function listen(upstream) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (client, request) => relay(client, new WebSocket(upstream + request.url)));
  return new Promise((resolve) => server.on('listening', () => resolve(`ws://127.0.0.1:${server.address().port}`)));
}

function relay(client, firefoxSocket) {
  const pending = [];
  firefoxSocket.on('open', () => pending.splice(0).forEach((data) => firefoxSocket.send(data)));
  firefoxSocket.on('message', (data) => client.send(data.toString()));
  firefoxSocket.on('close', () => client.close());
  firefoxSocket.on('error', () => client.close());
  client.on('close', () => firefoxSocket.close());
  client.on('message', (data) => {
    const text = data.toString();
    const command = JSON.parse(text);
    if (command.method === ABSENT_COMMAND) return void client.send(JSON.stringify(answer(command)));
    if (firefoxSocket.readyState === WebSocket.OPEN) firefoxSocket.send(text);
    else pending.push(text);
  });
}

function answer({ id, params }) {
  const requested = Object.values(params?.features ?? {}).filter((value) => value !== null && value !== undefined);
  if (requested.length === 0) return { type: 'success', id, result: {} };
  return { type: 'error', id, error: 'unsupported operation', message: `${ABSENT_COMMAND} is missing in this Firefox` };
}
