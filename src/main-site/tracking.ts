import { KAFKA_TOPIC, kafkaAction, type TrackingEvent } from '../domain/tracking';
import { call, type ApiResult } from './client';
import { CALLS } from './contract';
// Not the lazy formBody: sendBeacon on pagehide needs the body synchronously, and the qs-compatible
// encoder is a few lines (the inline first-screen script sends its view_landing with the same one).
import { encodeFormFields } from '../domain/form-encoding';

export const KAFKA_LOG_PATH = CALLS.tracking.path;
export const IMPRINT_PATH = CALLS.imprint.path;

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** axios sends a string body as text/plain otherwise, and the main site parses only forms here. */
const FORM_HEADERS = { 'Content-Type': FORM_TYPE };

/** Success is the status (spec 8): whatever a 2xx body holds, the event or the imprint was taken. */
const taken = (): true => true;

/** One encoding for the POST and the beacon, so an event reads the same whichever way it left. */
export function trackingForm(event: TrackingEvent): string {
  return encodeFormFields({ topic: KAFKA_TOPIC, action: kafkaAction(event), additional_data: event });
}

/** Spec 7 POST /ajax/kafka/log; spec 8: a failed event is logged only, the page never hears of it. */
export function sendTrackingEvent(event: TrackingEvent, signal?: AbortSignal): Promise<ApiResult<true>> {
  return call(KAFKA_LOG_PATH, (api) => api.post(KAFKA_LOG_PATH, trackingForm(event), { headers: FORM_HEADERS, signal }), taken, {
    logOnly: true,
  });
}

/** sendBeacon takes the content type from a Blob; a plain string would go as text/plain. */
export function trackingBeaconBody(event: TrackingEvent): Blob {
  return new Blob([trackingForm(event)], { type: FORM_TYPE });
}

/** Spec 7 POST /ajax/cookie/imprint; spec 8: logged only. */
export function sendImprint(hash: string): Promise<ApiResult<true>> {
  return call(IMPRINT_PATH, (api) => api.post(IMPRINT_PATH, encodeFormFields({ imprint: hash }), { headers: FORM_HEADERS }), taken, {
    logOnly: true,
  });
}
