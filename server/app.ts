import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import qs from 'qs';
import { scriptHashes } from '../gatsby/post-build/csp-hashes';
import { securityHeadersFor } from '../deploy/security-headers';
import type { AnswerStyle, SmsLog, StandInContext } from './stand-in/context';
import type { StandInControl } from './stand-in/control';
import { registerAdmin, type AdminOptions } from './admin/routes';
import { ApiError, frameworkErrorBody } from './stand-in/errors';
import { EventLog } from '../lib/event-log';
import { applyFault, FaultStore, HeldRequests, MAX_HOLD_MS, malformPayload, type FaultTable } from './stand-in/faults';
import { CallRecorder, isApiPath } from './stand-in/record';
import { requestPath } from './request';
import { registerAccountRoutes } from './stand-in/routes/account';
import { registerCasinoRoutes } from './stand-in/routes/casino';
import { registerCountryRoutes } from './stand-in/routes/country';
import { registerHtmlRoutes } from './stand-in/routes/html';
import { registerLineRoutes } from './stand-in/routes/line';
import { registerLocaleRoutes } from './stand-in/routes/locale';
import { registerMainSiteRoutes, renderMissingPage } from './stand-in/routes/main-site';
import { registerQaFunnel } from './qa/qa-funnel';
import { registerQaIndex } from './qa/qa-index';
import { registerRegistrationRoutes } from './stand-in/routes/registration';
import { registerSessionRoutes } from './stand-in/routes/session';
import { registerSmsRoutes } from './stand-in/routes/sms';
import { isPromoPath, registerStaticPromo, sendPromoNotFound } from './host/static-promo';
import { HOOK_PREFIX, registerTestHookRoutes } from './stand-in/routes/test-hooks';
import { registerTrackingRoutes } from './stand-in/routes/tracking';
import { StandInState } from './stand-in/state';

export type { FaultTable } from './stand-in/faults';
export type { CallRecord } from './stand-in/record';
export type { StandInControl } from './stand-in/control';

export interface BuildOptions {
  /** The Gatsby build to serve under /promo; defaults to the repository's public/. */
  publicDir?: string;
  faults?: FaultTable;
  /** Fastify request logging. */
  log?: boolean;
  /** Where SMS codes go instead of a phone; defaults to printing them. */
  smsLog?: SmsLog;
  /** Clock in ms since the epoch, for tests that need to step over waiting periods. */
  now?: () => number;
  /** How long a `timeout` fault holds a request (capped at 60 s). */
  timeoutHoldMs?: number;
  /** The tables the QA index reads; defaults to the repository's data/. */
  dataDir?: string;
  /** The contract's minimal answers (default) or every field the stand-in knows. */
  answers?: AnswerStyle;
  /** The event log file each tracking call is appended to; none by default (main.ts gives PROMO_EVENT_LOG's). */
  eventLog?: string;
  /** The promotions editor at /__admin/ (npm start gives it decap-server); none unless given. */
  admin?: Omit<AdminOptions, 'now'>;
}

/** The landing's own query parser settings (spec section 9), so nested fields parse the same on both ends. */
const QS_OPTIONS: qs.IParseOptions = { arrayLimit: 20, depth: 5, parameterLimit: 1000 };

export const DEFAULT_PUBLIC_DIR = path.resolve(__dirname, '..', 'public');

const defaultSmsLog: SmsLog = (phone, code) => {
  console.log(`[stand-in] SMS code for ${phone}: ${code}`);
};

export function buildApp(options: BuildOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.log ?? false,
    // Held (timeout-faulted) requests must not keep a stopping server alive.
    forceCloseConnections: true,
    trustProxy: 'loopback',
    routerOptions: { querystringParser: (text: string) => qs.parse(text, QS_OPTIONS) },
  });

  const ctx: StandInContext = {
    state: new StandInState(),
    recorder: new CallRecorder(),
    faults: new FaultStore(options.faults ?? {}),
    held: new HeldRequests(),
    now: options.now ?? Date.now,
    smsLog: options.smsLog ?? defaultSmsLog,
    publicDir: options.publicDir ?? DEFAULT_PUBLIC_DIR,
    holdMs: Math.min(options.timeoutHoldMs ?? MAX_HOLD_MS, MAX_HOLD_MS),
    answers: options.answers ?? 'minimal',
    eventLog: options.eventLog ? new EventLog(options.eventLog) : null,
  };

  const control: StandInControl = {
    calls: (filter) => ctx.recorder.calls(filter),
    reset: () => ctx.recorder.clear(),
    smsCodes: () => ctx.state.smsCodes(),
    faults: {
      get: () => ctx.faults.get(),
      set: (table) => ctx.faults.set(table),
      clear: () => ctx.faults.clear(),
    },
  };
  app.decorate('standIn', control);

  // Body-less posts (sms/send takes none) may still carry a JSON content type; the real backend ignores the body there.
  const strictJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    strictJson(request, text, done);
  });
  app.register(fastifyFormbody, { parser: (text: string) => qs.parse(text, QS_OPTIONS) });
  app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 100, fieldSize: 64 * 1024, files: 5, fileSize: 1024 * 1024 },
  });

  // Errors raised before this point come from reading the body (a cut-off multipart form, say): the client's fault.
  const bodyRead = new WeakSet<FastifyRequest>();

  // Recording and faults come before the routes so every API call is seen, even one the fault then swallows.
  app.addHook('preHandler', async (request, reply) => {
    bodyRead.add(request);
    const urlPath = requestPath(request);
    if (!isApiPath(urlPath)) return;
    ctx.recorder.record(request, ctx.now());
    const fault = ctx.faults.match(urlPath);
    if (fault && (await applyFault(fault, request, reply, ctx.held, ctx.holdMs))) return reply;
  });
  // Calls whose body could not even be parsed never reach preHandler; they still belong in the record.
  app.addHook('onError', async (request) => {
    if (isApiPath(requestPath(request))) ctx.recorder.record(request, ctx.now());
  });
  app.addHook('onSend', async (request, reply, payload) => malformPayload(request, reply, payload));
  // The promo site's security headers, as deploy/promo.server.conf sends them: the browser tests run under the real CSP.
  // Added before @fastify/compress, so an HTML payload is still the page itself and its scripts can be hashed.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isPromoPath(requestPath(request))) return payload;
    const contentType = reply.getHeader('content-type');
    // A 304 carries no policy (as with nginx): the browser keeps the one stored with the page, hashes and all.
    const type = typeof contentType === 'string' && reply.statusCode !== 304 ? contentType : undefined;
    const html = Buffer.isBuffer(payload) ? payload.toString('utf8') : typeof payload === 'string' ? payload : '';
    reply.headers(securityHeadersFor(type, html ? scriptHashes(html) : []));
    return payload;
  });
  app.addHook('onClose', async () => ctx.held.releaseAll());

  app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.code(error.status).send(error.toBody());
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : bodyRead.has(request) ? 500 : 400;
    if (status >= 500) {
      // Without request logging a stand-in bug would otherwise vanish behind a generic 500.
      if (options.log) request.log.error(error);
      else console.error(`[stand-in] ${request.method} ${request.url} failed:`, error);
    }
    const message = status >= 500 ? 'Internal error of the stand-in main site' : error.message;
    return reply.code(status).send(frameworkErrorBody(status, message));
  });

  app.setNotFoundHandler((request, reply) => {
    const urlPath = requestPath(request);
    if (isPromoPath(urlPath)) return sendPromoNotFound(request, reply, ctx.publicDir);
    if (isApiPath(urlPath) || urlPath.startsWith(HOOK_PREFIX)) {
      return reply.code(404).send(frameworkErrorBody(404, `No such call: ${request.method} ${urlPath}`));
    }
    return reply.code(404).type('text/html; charset=utf-8').send(renderMissingPage(urlPath));
  });

  // Routes go in a child plugin so they are added after @fastify/compress, which only wraps routes added after it loads.
  app.register(async (routes) => {
    registerCountryRoutes(routes, ctx.answers);
    registerAccountRoutes(routes, ctx);
    registerLocaleRoutes(routes, ctx.answers);
    registerRegistrationRoutes(routes, ctx);
    registerSmsRoutes(routes, ctx);
    registerSessionRoutes(routes, ctx);
    registerHtmlRoutes(routes, ctx.answers);
    registerCasinoRoutes(routes, ctx);
    registerTrackingRoutes(routes, ctx);
    registerLineRoutes(routes, ctx.now, ctx.answers);
    registerMainSiteRoutes(routes);
    registerTestHookRoutes(routes, ctx);
    registerStaticPromo(routes, ctx.publicDir);
    registerQaIndex(routes, { dataDir: options.dataDir ?? path.resolve(__dirname, '..', 'data'), publicDir: ctx.publicDir });
    registerQaFunnel(routes, ctx.eventLog);
    if (options.admin) registerAdmin(routes, { ...options.admin, now: ctx.now });
  });

  return app;
}
