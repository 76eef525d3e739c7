import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';

interface Outcome {
  h: string;
  odds: number;
}
interface LineEvent {
  id: number;
  c1_id: number;
  c2_id: number;
  sid: number;
  lid: number;
  dt: number;
  f_l: Outcome[];
}

describe('GET /ajax/line/printer/ranked/:id', () => {
  let app: FastifyInstance;
  const now = Date.parse('2026-03-10T12:34:00Z');
  beforeAll(() => {
    app = makeApp({ now: () => now });
  });
  afterAll(() => app.close());

  it('returns about a dozen upcoming events with dictionaries for every id they use', async () => {
    const response = await app.inject({ url: '/ajax/line/printer/ranked/0?onlyview=0&lang_id=2&timezone=3' });
    expect(response.statusCode).toBe(200);
    const { line, eng, cmd } = response.json().result as {
      line: LineEvent[];
      eng: { cmd: Record<string, string>; sport: Record<string, string>; league: Record<string, string> };
      cmd: Record<string, string>;
    };
    expect(line.length).toBeGreaterThanOrEqual(10);
    const nowSeconds = now / 1000;
    for (const event of line) {
      expect(Object.keys(event).sort()).toEqual(['c1_id', 'c2_id', 'dt', 'f_l', 'id', 'lid', 'sid'].sort());
      expect(event.dt).toBeGreaterThanOrEqual(nowSeconds + 86_400);
      expect(event.dt).toBeLessThanOrEqual(nowSeconds + 7 * 86_400);
      expect(eng.cmd[String(event.c1_id)]).toEqual(expect.any(String));
      expect(eng.cmd[String(event.c2_id)]).toEqual(expect.any(String));
      expect(cmd[String(event.c1_id)]).toEqual(expect.any(String));
      expect(eng.sport[String(event.sid)]).toEqual(expect.any(String));
      expect(eng.league[String(event.lid)]).toEqual(expect.any(String));
      expect(event.f_l).toHaveLength(3);
      const [home, draw, away] = event.f_l;
      for (const outcome of [home, away]) {
        expect(outcome.h).toMatch(/^[0-9a-f]{16}$/);
        expect(outcome.odds).toBeGreaterThan(1);
        expect(Math.round(outcome.odds * 100) / 100).toBe(outcome.odds);
      }
      if (eng.sport[String(event.sid)] === 'Tennis') expect(draw).toEqual({ h: '', odds: 0 });
      else expect(draw.odds).toBeGreaterThan(1);
    }
    expect(Object.values(eng.sport).sort()).toEqual(['Basketball', 'Football', 'Ice Hockey', 'Tennis']);
    expect(Object.values(eng.league)).toEqual(expect.arrayContaining(['England. Premier League', 'KHL', 'NBA']));
    expect(cmd).toEqual(eng.cmd);
    const starts = line.map((event) => event.dt);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('gives Russian display names for lang_id 1 while eng stays English', async () => {
    const { result } = (await app.inject({ url: '/ajax/line/printer/ranked/1?onlyview=0&lang_id=1&timezone=3' })).json();
    expect(result.line.every((event: LineEvent) => event.sid === 1)).toBe(true);
    expect(Object.values(result.cmd)).toContain('Зенит');
    expect(Object.values(result.eng.cmd)).toContain('Zenit St. Petersburg');
  });

  it.each(['abc', '99', '-1', '1.5'])('answers 404 for ranking id %s', async (id) => {
    const response = await app.inject({ url: `/ajax/line/printer/ranked/${id}?onlyview=0&lang_id=1&timezone=3` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('ranking_not_found');
  });

  it('rejects a non-numeric lang_id', async () => {
    const response = await app.inject({ url: '/ajax/line/printer/ranked/0?lang_id=ru' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('lang_id_invalid');
  });
});
