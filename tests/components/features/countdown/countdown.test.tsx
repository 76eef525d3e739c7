/** Spec 3, 9: time left to the end of the promotion, to the second, floored at zero. */
import { act, screen, within } from '@testing-library/react';
import React from 'react';
import { Countdown } from '../../../../src/features/countdown/Countdown';
import { COUNTDOWN_ID } from '../../../../src/features/countdown/units';
import { runCountdown } from '../../../../src/features/countdown/run-countdown';
import type { FigureFormat, PluralLabels } from '../../../../src/domain/figures';
import { unitLabels } from '../../../../src/domain/plural-labels';
import { figureFormat } from '../../../../tables/figure-format';
import { renderInPage } from '../../render';

// 2026-12-31 ends at 2026-12-31T21:00:00Z (end of the day, Moscow time).
const END_DATE = '2026-12-31';

/** The words the build hands the page, made with full locale data. */
const labelsFor = (locale: string) => ({
  day: unitLabels('day', locale),
  hour: unitLabels('hour', locale),
  minute: unitLabels('minute', locale),
  second: unitLabels('second', locale),
});

const cell = (unit: string) => document.querySelector(`[data-unit="${unit}"]`) as HTMLElement;
const value = (unit: string) => within(cell(unit)).getByText(/\d\d|––/).textContent;

let stop: (() => void) | null = null;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  stop?.();
  jest.useRealTimers();
});

/** The built countdown, then the page's code filling it in, as a landing does (use-landing-enhancements.ts). */
function showCountdown(
  endDate: string,
  title: string,
  figures: FigureFormat,
  labels: Record<'day' | 'hour' | 'minute' | 'second', PluralLabels>,
  language?: string,
) {
  renderInPage(<Countdown title={title} figures={figures} labels={labels} />, language ? { language } : undefined);
  stop = runCountdown(document.getElementById(COUNTDOWN_ID)!, endDate, { figures, labels });
}

test('the built HTML holds dashes, so nothing moves when the figures come', () => {
  renderInPage(<Countdown title="t" figures={figureFormat('en-CA', 'RUB')} labels={labelsFor('en-CA')} />);
  expect([value('day'), value('hour'), value('minute'), value('second')]).toEqual(['––', '––', '––', '––']);
});

test('shows days, hours, minutes and seconds left, ticking every second', () => {
  jest.setSystemTime(new Date('2026-12-29T19:58:57Z'));
  showCountdown(END_DATE, 'The offer ends in', figureFormat('en-CA', 'RUB'), labelsFor('en-CA'));
  expect(screen.getByRole('timer')).toHaveAccessibleName('The offer ends in');
  expect([value('day'), value('hour'), value('minute'), value('second')]).toEqual(['02', '01', '01', '03']);
  act(() => {
    jest.advanceTimersByTime(4000);
  });
  expect([value('day'), value('hour'), value('minute'), value('second')]).toEqual(['02', '01', '00', '59']);
});

test('names the units with the locale plural rules', () => {
  jest.setSystemTime(new Date('2026-12-26T20:00:00Z'));
  showCountdown(END_DATE, 'До конца акции', figureFormat('ru', 'RUB'), labelsFor('ru'), 'ru');
  expect(within(cell('day')).getByText('дней')).toBeInTheDocument();
  expect(within(cell('hour')).getByText('час')).toBeInTheDocument();
});

test('never goes below zero once the end has passed', () => {
  jest.setSystemTime(new Date('2026-12-31T20:59:58Z'));
  showCountdown(END_DATE, 't', figureFormat('en-CA', 'RUB'), labelsFor('en-CA'));
  act(() => {
    jest.advanceTimersByTime(5000);
  });
  expect([value('day'), value('hour'), value('minute'), value('second')]).toEqual(['00', '00', '00', '00']);
});

test('Kazakh words and plural rule come from the build, as the browser has no Kazakh data', () => {
  jest.setSystemTime(new Date('2026-12-26T20:00:00Z'));
  showCountdown(END_DATE, 't', figureFormat('kk-KZ', 'KZT'), labelsFor('kk-KZ'), 'kz');
  expect(within(cell('day')).getByText('күн')).toBeInTheDocument();
  expect(within(cell('second')).getByText('секунд')).toBeInTheDocument();
});

test('uses the locale digits (Persian)', () => {
  jest.setSystemTime(new Date('2026-12-30T21:00:00Z'));
  showCountdown(END_DATE, 't', figureFormat('fa-IR', 'RUB'), labelsFor('fa-IR'), 'ir');
  expect(within(cell('day')).getByText('۰۱')).toBeInTheDocument();
});
