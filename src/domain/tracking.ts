/**
 * Tracking events as the main site's Kafka log expects them (spec 3 "Tracking event", spec 9 codes).
 * Pure: the browser values (user agent, host, clock) and the account snapshot are passed in.
 */
import { landingCategory, trackingType, type TrackingType } from './category';

/** The three codes the landings send (spec 9). */
export const VIEW_LANDING = 'view_landing';
export const CLICK_RULES_LANDING = 'click_rules_landing';
export const CLICK_LOGO_LANDING = 'click_logo_landing';

export const LANDING_EVENT_CODES = [VIEW_LANDING, CLICK_RULES_LANDING, CLICK_LOGO_LANDING] as const;

/**
 * Registration funnel codes: spec 4 defines them, but the landings have no registration form and do
 * not send them. Kept so the full spec 9 catalogue lives in one place for the site's own forms.
 */
export const FUNNEL_EVENT_CODES = [
  'reg_start',
  'entered_char_in_reg',
  'reg_button_enter',
  'sms_code_entered',
  'sms_code_repeat',
  'back_step',
  'registration_done',
  'entered_phone',
  'entered_email',
  'chose_country',
  'chose_currency',
  'entered_password',
] as const;

export const TRACKING_EVENT_CODES = [...LANDING_EVENT_CODES, ...FUNNEL_EVENT_CODES] as const;

export type LandingEventCode = (typeof LANDING_EVENT_CODES)[number];
export type FunnelEventCode = (typeof FUNNEL_EVENT_CODES)[number];
export type TrackingEventCode = (typeof TRACKING_EVENT_CODES)[number];
/** What a visitor can click that is tracked (everything but the view). */
export type ClickEventCode = typeof CLICK_RULES_LANDING | typeof CLICK_LOGO_LANDING;

/**
 * Every event a landing sends is of this type: the consumer tells landing traffic from the main
 * site's own pages by it, while eventCode says what happened.
 */
export const TRACKING_EVENT_TYPE = 'landing';

/**
 * Kafka topic for all landing events. The action is the event code itself, so the log can be routed
 * and counted per code without opening additional_data.
 */
export const KAFKA_TOPIC = 'landing_events';
export const kafkaAction = (event: Pick<TrackingEvent, 'eventCode'>): string => event.eventCode;

/** Spec 3 "Landing view event detail". */
export interface LandingViewDetail {
  partnerUid: string | null;
  sourceScreen: 'landing';
  language: string;
  refer: string;
  type: TrackingType;
  name: string;
}

export type TrackingDetail = LandingViewDetail | Record<string, string | number | boolean | null>;

/** Spec 3 "Tracking event"; additional_data keeps the spec's own (snake_case) name. */
export interface TrackingEvent {
  eventType: string;
  eventCode: TrackingEventCode;
  detail: TrackingDetail;
  /** ISO 8601, the moment the visitor acted, not when the event left. */
  date: string;
  ipAddress: string;
  /** The main site's timezone_id; null when the account data did not come. */
  timezone: number | null;
  userAgent: string;
  login: string | null;
  additional_data: {
    appId: string;
    appVer: string;
    sessionId: string;
    host: string;
    eventSource: string;
    imprintHash: string | null;
  };
}

/**
 * The part of GET /ajax/account/data an event is built from (spec 3 "Account data result").
 * Loose on purpose: the snapshot may come from any parser, or not at all.
 */
export interface TrackingAccount {
  ip?: unknown;
  timezoneId?: unknown;
  appId?: unknown;
  appVer?: unknown;
  sessionId?: unknown;
  eventSource?: unknown;
  login?: unknown;
}

export interface TrackingEventInput {
  code: TrackingEventCode;
  detail: TrackingDetail;
  account?: TrackingAccount | null;
  imprintHash?: string | null;
  userAgent?: string;
  host?: string;
  now?: Date | number;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

function timezoneOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function isoDate(now: Date | number | undefined): string {
  const date = now === undefined ? new Date() : new Date(now);
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
}

/** An event is still worth sending without the account: whatever is unknown stays empty, never a throw. */
export function buildTrackingEvent(input: TrackingEventInput): TrackingEvent {
  const account = input.account && typeof input.account === 'object' ? input.account : {};
  const login = text(account.login);
  return {
    eventType: TRACKING_EVENT_TYPE,
    eventCode: input.code,
    detail: input.detail,
    date: isoDate(input.now),
    ipAddress: text(account.ip),
    timezone: timezoneOf(account.timezoneId),
    userAgent: input.userAgent ?? '',
    login: login === '' ? null : login,
    additional_data: {
      appId: text(account.appId),
      appVer: text(account.appVer),
      sessionId: text(account.sessionId),
      host: input.host ?? '',
      eventSource: text(account.eventSource),
      imprintHash: input.imprintHash ? input.imprintHash : null,
    },
  };
}

export interface LandingViewInput {
  partnerUid: string | null;
  /** The page's language code as in its path ("br", "en"). */
  language: string;
  referrer: string;
  slug: string;
}

export function landingViewDetail({ partnerUid, language, referrer, slug }: LandingViewInput): LandingViewDetail {
  return {
    partnerUid: partnerUid || null,
    sourceScreen: 'landing',
    language,
    refer: referrer,
    type: trackingType(landingCategory(slug)),
    name: slug,
  };
}
