/** The pure parts of the bench's first-tap row: interactions from Event Timing, the medians, the verdict, the plain form, the markdown. */
import { evaluateBudgets, judgeFirstTap, type BudgetInput } from '../budgets';
import { BUDGETS } from '../config';
import {
  interactionsOf,
  summarizeVisits,
  visitFigure,
  worstInteraction,
  type EventEntry,
  type Interaction,
  type TapVisit,
} from '../interactions';
import { plainFormPage } from '../plain-form';
import { describeInteraction, fmtTap, renderFirstTap, type FirstTapFigures } from '../report-first-tap';

const ZENIT = '/zenit/ru/bonus20000/';
const QUIZ = '/cupis/ru/quiz/';

/** An Event Timing entry: input at startMs, handlers from startMs + delay for `handlers` ms, paint at startMs + duration. */
function entry(name: string, interactionId: number, startMs: number, durationMs: number, delayMs = 0, handlersMs = 0): EventEntry {
  return {
    name,
    interactionId,
    startMs,
    durationMs,
    processingStartMs: startMs + delayMs,
    processingEndMs: startMs + delayMs + handlersMs,
  };
}

function visit(worstMs: number | null, extra: Partial<TapVisit> = {}): TapVisit {
  const worst: Interaction | null =
    worstMs === null
      ? null
      : {
          id: 1,
          events: ['pointerdown', 'click'],
          startMs: 5000,
          durationMs: worstMs,
          inputDelayMs: 0,
          processingMs: 0,
          presentationMs: worstMs,
        };
  return {
    worst,
    interactions: worst ? [worst] : [],
    keysKept: true,
    hydratedAfterTapMs: 400,
    scriptsAfterTap: [],
    busyScripts: [],
    ...extra,
  };
}

describe('interactions from Event Timing', () => {
  // A tap (pointerdown, pointerup, click share one id), two keys, and a pointerover that is no interaction.
  const entries = [
    entry('pointerover', 0, 990, 300, 250, 40),
    entry('pointerdown', 11, 1000, 96, 60, 4),
    entry('pointerup', 11, 1040, 56, 20, 2),
    entry('click', 11, 1041, 56, 21, 1),
    entry('keydown', 12, 1300, 416, 329, 4),
    entry('keydown', 13, 1600, 24, 2, 1),
  ];

  it('groups entries by interaction, leaves out events that are no interaction, and keeps their order', () => {
    const list = interactionsOf(entries);
    expect(list.map((interaction) => [interaction.id, interaction.events, interaction.durationMs])).toEqual([
      [11, ['pointerdown', 'pointerup', 'click'], 96],
      [12, ['keydown'], 416],
      [13, ['keydown'], 24],
    ]);
  });

  it("splits an interaction's longest entry into input delay, handlers and the wait for the paint", () => {
    const tap = interactionsOf(entries)[0];
    expect(tap).toMatchObject({ startMs: 1000, inputDelayMs: 60, processingMs: 4, presentationMs: 32 });
    expect(tap.inputDelayMs + tap.processingMs + tap.presentationMs).toBe(tap.durationMs);
  });

  it("takes the visit's longest interaction, as INP would over this visit", () => {
    expect(worstInteraction(entries)).toMatchObject({ id: 12, durationMs: 416, inputDelayMs: 329 });
    // Of two as long, the first.
    expect(worstInteraction([entry('keydown', 5, 100, 40), entry('keydown', 6, 300, 40)])?.id).toBe(5);
  });

  it('has no worst interaction when none reached the threshold, and the visit then counts as 0', () => {
    expect(worstInteraction([entry('pointerover', 0, 10, 200)])).toBeNull();
    expect(visitFigure(visit(null))).toBe(0);
    expect(visitFigure(visit(72))).toBe(72);
  });
});

describe("a page's visits", () => {
  it('gives the median of the worst interactions and the visit that has it', () => {
    const visits = [visit(416), visit(168), visit(null), visit(232), visit(144)];
    const { medianMs, typical } = summarizeVisits(visits);
    expect(medianMs).toBe(168);
    expect(typical).toBe(visits[1]);
  });

  it('takes the mean of the middle two for an even count, and the lower of them as the typical visit', () => {
    const visits = [visit(200), visit(100), visit(40), visit(300)];
    expect(summarizeVisits(visits)).toEqual({ medianMs: 150, typical: visits[1] });
  });

  it('has no figure without a visit', () => {
    expect(summarizeVisits([])).toEqual({ medianMs: null, typical: null });
  });
});

describe('the first-tap budget', () => {
  const judge = (plainFormMs: number | null, worstMs: number | null) =>
    judgeFirstTap({ plainFormMs, landings: [{ path: ZENIT, worstMs }] }, BUDGETS)[0];

  it('allows twice the plain form of the same run', () => {
    expect(judge(100, 200)).toMatchObject({ budget: 'first-tap', limit: 200, pass: true, bare: 100, timesBare: 2 });
    expect(judge(100, 201).pass).toBe(false);
    expect(judge(100, 201).detail).toBe('max(50 ms, 2 × plain form 100 ms)');
  });

  it('never asks for less than 50 ms, even when the plain form stayed under the threshold', () => {
    expect(judge(0, 50)).toMatchObject({ limit: 50, pass: true, timesBare: null });
    expect(judge(16, 56)).toMatchObject({ limit: 50, pass: false });
  });

  it('leaves the landings unjudged without the plain form, and a landing without visits unmeasured', () => {
    expect(judge(null, 30)).toMatchObject({ pass: null, detail: 'plain form not measured' });
    expect(Number.isNaN(judge(null, 30).limit)).toBe(true);
    expect(judge(40, null)).toMatchObject({ measured: null, pass: null, limit: 80 });
  });

  it('is one row per sample among the budgets, counted with the others', () => {
    const input: BudgetInput = {
      coldBuildS: 80,
      warmBuildS: 20,
      baselineJsGzip: null,
      landings: [],
      lighthousePasses: [],
      allLandingsJsGzipMax: null,
      lazyCheck: null,
      preloader: [],
      firstTap: {
        plainFormMs: 80,
        landings: [
          { path: ZENIT, worstMs: 150 },
          { path: QUIZ, worstMs: 170 },
        ],
      },
    };
    const rows = evaluateBudgets(input, BUDGETS).filter((row) => row.budget === 'first-tap');
    expect(rows.map((row) => [row.subject, row.pass])).toEqual([
      [ZENIT, true],
      [QUIZ, false],
    ]);
  });
});

describe('the plain form', () => {
  const landing = `<!DOCTYPE html><html lang="pt-BR"><head><script>window.x=1</script><style>.a{}</style></head><body>
<section id="registration"><h2 id="registration-title">Cadastro</h2><div data-island="registration">
<form noValidate="" aria-labelledby="registration-title" action="/m/registration/phone" method="get"><div><label for="reg-phone">Telefone</label><input id="reg-phone" type="tel" value="+55"/></div><button type="submit">Cadastrar</button></form>
</div></section><script src="/promo/app-1.js"></script></body></html>`;

  it("holds the landing's form as built, in the landing's language, and no script", () => {
    const page = plainFormPage(landing, '#reg-phone');
    expect(page).toContain('<html lang="pt-BR">');
    expect(page).toContain('<h2 id="registration-title">Cadastro</h2>');
    expect(page).toContain('<input id="reg-phone" type="tel" value="+55"/>');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).not.toMatch(/<script/i);
  });

  it('refuses a landing without the field to tap', () => {
    expect(() => plainFormPage(landing, '#reg-email')).toThrow(/no registration form with #reg-email/);
    expect(() => plainFormPage('<html><body><p>No form</p></body></html>', '#reg-phone')).toThrow(/no registration form/);
  });
});

describe('the first-tap section of the report', () => {
  const figures = (): FirstTapFigures => ({
    cpuRate: 4,
    roundsAsked: 3,
    rounds: 3,
    field: '#reg-phone',
    keys: '916',
    thresholdMs: 16,
    plainForm: { path: 'plain form', medianMs: 0, visits: [visit(null), visit(null), visit(24)], typical: visit(null) },
    landings: [
      {
        role: 'brand zenit',
        path: ZENIT,
        medianMs: 168,
        visits: [visit(168), visit(416, { keysKept: false }), visit(144)],
        typical: visit(168, { scriptsAfterTap: ['851-abc.js'], busyScripts: [{ script: 'framework-1.js', ms: 104.2 }] }),
      },
    ],
  });
  const budgets = () => judgeFirstTap({ plainFormMs: 0, landings: [{ path: ZENIT, worstMs: 168 }] }, BUDGETS);

  it('writes a figure under the threshold as such, not as 0 ms', () => {
    expect(fmtTap(0, 16)).toBe('< 16 ms');
    expect(fmtTap(16, 16)).toBe('16 ms');
    expect(fmtTap(null, 16)).toBe('n/a');
  });

  it('names the kind of interaction and where its time went', () => {
    const key: Interaction = {
      id: 2,
      events: ['keydown', 'keypress'],
      startMs: 0,
      durationMs: 416,
      inputDelayMs: 329,
      processingMs: 4,
      presentationMs: 83,
    };
    expect(describeInteraction(key)).toBe('key 416 ms: input delay 329 ms, handlers 4 ms, to the paint 83 ms');
    expect(describeInteraction(null)).toBe('none reached the threshold');
  });

  it('gives the plain form and its limit, then each landing with ×plain, its visits and what its typical visit shows', () => {
    const markdown = renderFirstTap(figures(), budgets()).join('\n');
    expect(markdown).toContain('## First tap on the registration form');
    expect(markdown).toContain('Plain form: < 16 ms (visits < 16 ms, < 16 ms, 24 ms;');
    expect(markdown).toContain('Limit: ≤ 50 ms (max(50 ms, 2 × plain form 0 ms)).');
    expect(markdown).toContain(
      '| /zenit/ru/bonus20000/ (brand zenit) | 168 ms (×plain n/a) | 168 ms, 416 ms, 144 ms | tap 168 ms: input delay 0 ms, handlers 0 ms, to the paint 168 ms | 2 of 3 | 400 ms | 851-abc.js | framework-1.js 104 ms | **FAIL** |',
    );
    expect(markdown).toContain('**Typed digits lost** on /zenit/ru/bonus20000/');
  });

  it('says the visits did not run, rather than leaving the rows out', () => {
    const markdown = renderFirstTap(null, budgets()).join('\n');
    expect(markdown).toContain('The first-tap visits did not run');
  });
});
