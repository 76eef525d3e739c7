/**
 * Which event codes the report knows and in what order the funnel reads them. The codes themselves are
 * the tracker's (src/domain/tracking.ts): a code it does not send is counted as bad input.
 */
import { TRACKING_EVENT_CODES, VIEW_LANDING } from '../../src/domain/tracking';

export const KNOWN_CODES: readonly string[] = TRACKING_EVENT_CODES;

/** The funnel a visitor walks, each step's conversion taken from the step before. */
export const FUNNEL_STEPS = [VIEW_LANDING, 'reg_start', 'entered_char_in_reg', 'reg_button_enter', 'registration_done'] as const;

/** Fields of the form: counted (page views that touched each), no order between them. */
export const FIELD_STEPS = [
  'chose_country',
  'chose_currency',
  'entered_phone',
  'entered_email',
  'entered_password',
  'sms_code_entered',
] as const;

export const REGISTRATION_DONE = 'registration_done';

/**
 * A sound event the stand-in logged from a page the editor's preview or the QA index opened
 * (lib/preview.ts): kept out of every count, and not bad input.
 */
export const PREVIEW = 'preview';

/** Why a line of the log is kept out of the counts as bad input, in the order they are checked. */
export const PROBLEM_KINDS = ['malformed', 'unknown_code', 'no_choice', 'no_page_view', 'no_landing', 'no_date'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const PROBLEM_LABELS: Record<ProblemKind, string> = {
  malformed: 'not a log line (not JSON, or no action)',
  unknown_code: 'unknown event code',
  no_choice: 'consent choice not accept, refuse or withdraw (detail.choice)',
  no_page_view: 'no page-view id (detail.pageViewId)',
  no_landing: 'no landing (detail.brand, country or slug missing)',
  no_date: 'no usable date (event.date)',
};
