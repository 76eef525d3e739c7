import { KAFKA_TOPIC, kafkaAction, type TrackingEvent } from '../../domain/tracking';
import { fromRawAnswer, type ApiResult } from '../../main-site/answer';
import { CALLS } from '../../main-site/contract';
import { fetchAnswer } from '../../main-site/fetch-answer';
// Not the lazy formBody: sendBeacon on pagehide needs the body synchronously, and the qs-compatible
// encoder is a few lines (the inline first-screen script sends its view_landing with the same one).
import { encodeFormFields } from '../../domain/form-encoding';

export const KAFKA_LOG_PATH = CALLS.tracking.path;
export const IMPRINT_PATH = CALLS.imprint.path;

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A string body goes as text/plain otherwise, and the main site parses only forms here. */
const FORM_HEADERS = { 'Content-Type': FORM_TYPE };

/** Success is the status (spec 8): whatever a 2xx body holds, the event or the imprint was taken. */
const taken = (): true => true;

/** One encoding for the POST and the beacon, so an event reads the same whichever way it left. */
export function trackingForm(event: TrackingEvent): string {
  return encodeFormFields({ topic: KAFKA_TOPIC, action: kafkaAction(event), additional_data: event });
}

/**
 * Spec 7 POST /ajax/kafka/log; spec 8: a failed event is logged only, the page never hears of it. By fetch
 * (fetch-answer.ts), kept alive: an event sent just before the visitor leaves still arrives.
 */
export function sendTrackingEvent(event: TrackingEvent, signal?: AbortSignal): Promise<ApiResult<true>> {
  const init = { method: 'POST', body: trackingForm(event), headers: FORM_HEADERS, signal, keepalive: true } as const;
  return fromRawAnswer(KAFKA_LOG_PATH, fetchAnswer(KAFKA_LOG_PATH, init), taken, { logOnly: true });
}

/** sendBeacon takes the content type from a Blob; a plain string would go as text/plain. */
export function trackingBeaconBody(event: TrackingEvent): Blob {
  return new Blob([trackingForm(event)], { type: FORM_TYPE });
}

/** Spec 7 POST /ajax/cookie/imprint; spec 8: logged only. */
export function sendImprint(hash: string): Promise<ApiResult<true>> {
  const init = { method: 'POST', body: encodeFormFields({ imprint: hash }), headers: FORM_HEADERS } as const;
  return fromRawAnswer(IMPRINT_PATH, fetchAnswer(IMPRINT_PATH, init), taken, { logOnly: true });
}
