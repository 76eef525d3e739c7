import type { FastifyInstance } from 'fastify';
import type { StandInContext } from '../context';
import { BARE_SUCCESS, styled } from '../minimal';
import { IMPRINT_COOKIE, setCookie } from '../cookies';
import { ApiError, envelope } from '../errors';
import { decodeTrackingEvent } from '../../../lib/event-log';
import { isPreviewReferer } from '../../../lib/preview';
import { asFields, givenField } from '../fields';

const NAME_PATTERN = /^[A-Za-z0-9_.:/-]{1,100}$/;
const IMPRINT_PATTERN = /^[A-Za-z0-9]{1,128}$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/** Kafka payloads are JSON: additional_data arrives qs-nested or as a JSON-encoded object. */
function checkAdditionalData(value: unknown): void {
  if (value === undefined || value === '') return;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return;
    } catch {
      // Reported below with the same message as any other wrong shape.
    }
  }
  throw new ApiError(400, 'additional_data_invalid', 'additional_data must be an object or a JSON-encoded object', 'additional_data');
}

export function registerTrackingRoutes(app: FastifyInstance, ctx: StandInContext): void {
  const { answers } = ctx;
  app.post('/ajax/kafka/log', async (request) => {
    const fields = asFields(request.body);
    for (const name of ['topic', 'action'] as const) {
      const value = givenField(fields, name);
      if (value === undefined) throw new ApiError(400, `${name}_invalid`, `${name} is required`, name);
      if (!NAME_PATTERN.test(value)) {
        throw new ApiError(400, `${name}_invalid`, `${name} may hold latin letters, digits and _ . : / - (up to 100)`, name);
      }
    }
    checkAdditionalData(fields.additional_data);
    ctx.eventLog?.append({
      receivedAt: new Date(ctx.now()).toISOString(),
      topic: givenField(fields, 'topic') as string,
      action: givenField(fields, 'action') as string,
      event: decodeTrackingEvent(fields.additional_data),
      ...(isPreviewReferer(request.headers.referer) ? { preview: true as const } : {}),
    });
    return styled(answers, envelope(true), () => BARE_SUCCESS);
  });

  app.post('/ajax/cookie/imprint', async (request, reply) => {
    const imprint = givenField(asFields(request.body), 'imprint');
    if (imprint === undefined || !IMPRINT_PATTERN.test(imprint)) {
      throw new ApiError(400, 'imprint_invalid', 'imprint must be 1 to 128 latin letters or digits', 'imprint');
    }
    setCookie(reply, IMPRINT_COOKIE, imprint, { maxAgeSeconds: YEAR_SECONDS });
    return styled(answers, envelope(true), () => BARE_SUCCESS);
  });
}
