import type { FastifyRequest } from 'fastify';
import { readCookie } from '../request';
import { LANG_COOKIE, SESSION_COOKIE } from './cookies';
import type { EventLog } from '../../lib/event-log';
import type { FaultStore, HeldRequests } from './faults';
import { DEFAULT_PAGE_LANGUAGE, findPageLanguage } from './i18n';
import type { CallRecorder } from './record';
import type { Account, Session, StandInState } from './state';

export type SmsLog = (phone: string, code: string) => void;

/** Everything the route modules share; one per app so tests never see each other's accounts. */
export interface StandInContext {
  state: StandInState;
  recorder: CallRecorder;
  faults: FaultStore;
  held: HeldRequests;
  /** Milliseconds since the epoch; injectable so tests can step over the SMS resend pause. */
  now: () => number;
  smsLog: SmsLog;
  publicDir: string;
  /** How long a `timeout` fault holds a request before closing it. */
  holdMs: number;
  /**
   * "minimal": what the main-site contract guarantees (contract/README.md, "The calls"),
   * so the landings are proven on the least a real main site sends; "rich": every field this stand-in
   * knows (STAND_IN_ANSWERS=rich).
   */
  answers: AnswerStyle;
  /** Where each tracking call taken is appended (lib/event-log.ts); null keeps none. */
  eventLog: EventLog | null;
}

export type AnswerStyle = 'minimal' | 'rich';

/** Reads STAND_IN_ANSWERS; anything but "rich" is the contract's minimum. */
export function answerStyleFrom(value: string | undefined): AnswerStyle {
  return value === 'rich' ? 'rich' : 'minimal';
}

export interface SignedIn {
  session: Session;
  account: Account;
}

export function signedIn(ctx: StandInContext, request: FastifyRequest): SignedIn | undefined {
  const session = ctx.state.session(readCookie(request, SESSION_COOKIE));
  const account = session && ctx.state.account(session.userId);
  return session && account ? { session, account } : undefined;
}

/** Page language from the `lang` cookie the landing keeps, defaulting to the Russian site. */
export function cookieLanguage(request: FastifyRequest): string {
  const cookie = readCookie(request, LANG_COOKIE);
  return findPageLanguage(cookie)?.code ?? DEFAULT_PAGE_LANGUAGE;
}
