/** Spec 3, 7, 8: popular-match cards from the ranked line, their links, and what happens on failure. */
import { act, screen, within } from '@testing-library/react';
import React from 'react';
import type { ApiResult } from '../../../../src/main-site/client';
import { readRankedEvents as processRankedEvents, type PopularEvent } from '../../../../src/main-site/contract';
import { mainSiteLink } from '../../../../src/domain/links';
import { matchLinkTarget, sportNamer } from '../../../../src/features/odds/match-link';
import { PopularMatches } from '../../../../src/features/odds/PopularMatches';
import { makeTranslate } from '../../../../src/site/texts';
import { figureFormat } from '../../../../tables/figure-format';
import { renderInPage, texts } from '../../render';

const fetchPopularEvents = jest.fn<Promise<ApiResult<PopularEvent[]>>, unknown[]>();
jest.mock('../../../../src/features/odds/calls/line', () => ({
  ...jest.requireActual('../../../../src/features/odds/calls/line'),
  fetchPopularEvents: (...args: unknown[]) => fetchPopularEvents(...args),
}));

/** An answer in the shape the main site sends (spec 3 "Event" and "Dictionary"). */
const ANSWER = {
  result: {
    line: [
      {
        id: 501,
        c1_id: 11,
        c2_id: 12,
        sid: 1,
        lid: 7,
        dt: 1798000000,
        f_l: [
          { h: 'a1', odds: 1.95 },
          { h: 'a2', odds: 3.6 },
          { h: 'a3', odds: 4.2 },
        ],
      },
      {
        id: 502,
        c1_id: 21,
        c2_id: 22,
        sid: 4,
        lid: 9,
        dt: 1798003600,
        f_l: [
          { h: 'b1', odds: 1.5 },
          { h: '', odds: 0 },
          { h: 'b3', odds: 2.6 },
        ],
      },
      {
        id: 503,
        c1_id: 31,
        c2_id: 99,
        sid: 1,
        lid: 7,
        dt: 1798007200,
        f_l: [
          { h: 'c1', odds: 2 },
          { h: 'c2', odds: 3 },
          { h: 'c3', odds: 3 },
        ],
      },
    ],
    eng: {
      cmd: { 11: 'Arsenal', 12: 'Chelsea', 21: 'Jannik Sinner', 22: 'Carlos Alcaraz', 31: 'Zenit' },
      sport: { 1: 'Football', 4: 'Tennis' },
      league: { 7: 'England. Premier League', 9: 'ATP. US Open' },
    },
    cmd: { 11: 'Арсенал', 12: 'Челси', 21: 'Янник Синнер', 22: 'Карлос Алькарас', 31: 'Зенит' },
  },
};

const ru = { ...texts('ru'), 'sport.football': 'Футбол' };
const t = makeTranslate(ru);
const link = (event: PopularEvent) =>
  mainSiteLink(matchLinkTarget(event), {
    brand: 'zenit',
    language: 'ru',
    device: 'mobile',
    countryId: 643,
    langId: 1,
    defaultPromoCode: 'ZBONUS20K',
  });

function renderMatches(count = 6) {
  return renderInPage(
    <PopularMatches
      title={t('odds.title')}
      ranking={0}
      count={count}
      langId={1}
      figures={figureFormat('ru-RU', 'RUB')}
      t={t}
      sportName={sportNamer(ru)}
      matchLink={link}
      stake={20000}
    />,
    { language: 'ru' },
  );
}

async function idleAndSettle() {
  await act(async () => {
    jest.advanceTimersByTime(3000);
  });
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  fetchPopularEvents.mockReset();
});
afterEach(() => jest.useRealTimers());

test('the answer becomes cards: both teams named, no event with an unknown team', () => {
  const events = processRankedEvents(ANSWER)!;
  expect(events.map((event) => `${event.home.name} — ${event.away.name}`)).toEqual(['Арсенал — Челси', 'Янник Синнер — Карлос Алькарас']);
  expect(events[1].outcomes.map((outcome) => outcome.kind)).toEqual(['home', 'away']);
  expect(processRankedEvents(ANSWER, 1)).toHaveLength(1);
  expect(processRankedEvents({ result: { nothing: true } })).toBeNull();
});

test('cards show teams, sport, league, outcomes with odds and a bet link to the match page', async () => {
  fetchPopularEvents.mockResolvedValue({ ok: true, data: processRankedEvents(ANSWER)! });
  renderMatches();
  await idleAndSettle();
  const cards = screen.getAllByTestId('odds-card');
  expect(cards).toHaveLength(2);
  const football = within(cards[0]);
  expect(football.getByRole('heading', { name: 'Арсенал — Челси' })).toBeInTheDocument();
  expect(football.getByText(/Футбол · England\. Premier League/)).toBeInTheDocument();
  const outcomes = within(football.getByRole('list', { name: /Арсенал — Челси/ })).getAllByRole('listitem');
  expect(outcomes.map((item) => item.textContent)).toEqual(['Победа Арсенал1,95', 'Ничья3,60', 'Победа Челси4,20']);
  expect(football.getByText(/Возможный выигрыш/).textContent).toMatch(/84k\s₽/);
  expect(football.getByRole('link', { name: /Арсенал — Челси/ })).toHaveAttribute(
    'href',
    '/m/line/football/7_england-premier-league/501_arsenal-chelsea?promo_code=ZBONUS20K&country_id=643&lang_id=1&sourceScreen=landing',
  );
  const tennis = within(cards[1]);
  expect(tennis.getByText(/ATP\. US Open/).textContent).not.toMatch(/Tennis/);
  expect(within(tennis.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
  expect(fetchPopularEvents).toHaveBeenCalledWith(0, 1, 6, expect.any(AbortSignal));
});

test('the call is made only once the browser is idle, not during first paint', async () => {
  fetchPopularEvents.mockResolvedValue({ ok: true, data: [] });
  renderMatches();
  expect(fetchPopularEvents).not.toHaveBeenCalled();
  await idleAndSettle();
  expect(fetchPopularEvents).toHaveBeenCalledTimes(1);
});

test('a failed call hides the whole section (spec 8)', async () => {
  fetchPopularEvents.mockResolvedValue({ ok: false, error: { kind: 'network', message: 'Network Error', server: null } });
  renderMatches();
  expect(screen.getByRole('heading', { name: t('odds.title') })).toBeInTheDocument();
  await idleAndSettle();
  expect(screen.queryByRole('heading', { name: t('odds.title') })).not.toBeInTheDocument();
  expect(screen.queryAllByTestId('odds-card')).toHaveLength(0);
});

test('an empty line hides the section too', async () => {
  fetchPopularEvents.mockResolvedValue({ ok: true, data: [] });
  renderMatches();
  await idleAndSettle();
  expect(screen.queryByRole('heading', { name: t('odds.title') })).not.toBeInTheDocument();
});
