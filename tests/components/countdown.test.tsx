/** Spec 3, 9: time left to the end of the promotion, to the second, floored at zero. */
import { act, screen, within } from '@testing-library/react';
import React from 'react';
import { Countdown } from '../../src/features/countdown/Countdown';
import { unitLabels } from '../../src/domain/plural-labels';
import { figureFormat } from '../../src/tables/figure-format';
import { renderInPage } from './render';

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

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('shows days, hours, minutes and seconds left, ticking every second', () => {
  jest.setSystemTime(new Date('2026-12-29T19:58:57Z'));
  renderInPage(
    <Countdown endDate={END_DATE} title="The offer ends in" figures={figureFormat('en-CA', 'RUB')} labels={labelsFor('en-CA')} />,
  );
  expect(screen.getByRole('timer')).toHaveAccessibleName('The offer ends in');
  expect([value('day'), value('hour'), value('minute'), value('second')]).toEqual(['02', '01', '01', '03']);
  act(() => {
    jest.advanceTimersByTime(4000);
  });
  expect([value('day'), value('hour'), value('minute'), value('second')]).toEqual(['02', '01', '00', '59']);
});

test('names the units with the locale plural rules', () => {
  jest.setSystemTime(new Date('2026-12-26T20:00:00Z'));
  renderInPage(<Countdown endDate={END_DATE} title="До конца акции" figures={figureFormat('ru', 'RUB')} labels={labelsFor('ru')} />, {
    language: 'ru',
  });
  expect(within(cell('day')).getByText('дней')).toBeInTheDocument();
  expect(within(cell('hour')).getByText('час')).toBeInTheDocument();
});

test('never goes below zero once the end has passed', () => {
  jest.setSystemTime(new Date('2026-12-31T20:59:58Z'));
  renderInPage(<Countdown endDate={END_DATE} title="t" figures={figureFormat('en-CA', 'RUB')} labels={labelsFor('en-CA')} />);
  act(() => {
    jest.advanceTimersByTime(5000);
  });
  expect([value('day'), value('hour'), value('minute'), value('second')]).toEqual(['00', '00', '00', '00']);
});

test('Kazakh words and plural rule come from the build, as the browser has no Kazakh data', () => {
  jest.setSystemTime(new Date('2026-12-26T20:00:00Z'));
  renderInPage(<Countdown endDate={END_DATE} title="t" figures={figureFormat('kk-KZ', 'KZT')} labels={labelsFor('kk-KZ')} />, {
    language: 'kz',
  });
  expect(within(cell('day')).getByText('күн')).toBeInTheDocument();
  expect(within(cell('second')).getByText('секунд')).toBeInTheDocument();
});

test('uses the locale digits (Persian)', () => {
  jest.setSystemTime(new Date('2026-12-30T21:00:00Z'));
  renderInPage(<Countdown endDate={END_DATE} title="t" figures={figureFormat('fa-IR', 'RUB')} labels={labelsFor('fa-IR')} />, {
    language: 'ir',
  });
  expect(within(cell('day')).getByText('۰۱')).toBeInTheDocument();
});
