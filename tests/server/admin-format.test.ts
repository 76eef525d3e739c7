/**
 * The editor's file format (server/admin/client/admin.js, run here as the browser runs it): a save
 * writes the tables' own formatting, so its diff is the field that changed and nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { editorConfig } from '../../server/admin/collections';

const root = path.resolve(__dirname, '../..');
const NOW = Date.parse('2026-12-01T12:00:00Z');

interface Format {
  fromFile: (content: string) => Record<string, unknown>;
  toFile: (data: unknown, order?: string[]) => string;
}

/** What admin.js handed Decap's init, by the last loadFormat. */
let initArguments: unknown[] = [];

/** Runs admin.js against a stand-in for Decap's window.CMS and returns the format it registers, once started. */
async function loadFormat(): Promise<Format> {
  const config = editorConfig(path.join(root, 'data'), {
    localBackend: 'http://127.0.0.1:8081/api/v1',
    backend: { name: 'github', repo: 'o/r' },
    now: NOW,
  });
  let format: Format | undefined;
  let started: () => void = () => undefined;
  const init = new Promise<void>((resolve) => (started = resolve));
  const CMS = {
    registerCustomFormat: (_name: string, _extension: string, formatter: Format) => (format = formatter),
    registerEventListener: () => undefined,
    registerPreviewTemplate: () => undefined,
    init: (...args: unknown[]) => {
      initArguments = args;
      started();
    },
  };
  const answer = (body: unknown) => Promise.resolve({ json: () => Promise.resolve(body) });
  const document = {
    querySelector: (selector: string) =>
      selector.includes('cms-config-url') ? { getAttribute: () => '/__admin/config.yml' } : { content: '/__admin/' },
  };
  const fetch = (url: string) => answer(url.endsWith('config.yml') ? config : {});
  const context = vm.createContext({
    // In a page the window's fetch is the global one: the editor wraps it for its backend's calls.
    window: { CMS, h: () => null, createClass: () => null, fetch },
    document,
    fetch,
    setTimeout,
    clearTimeout,
  });
  vm.runInContext(fs.readFileSync(path.join(root, 'server/admin/client/admin.js'), 'utf8'), context);
  await init;
  return format!;
}

test('Decap is handed the config it would read, so it neither fetches config.yml again nor parses it as YAML', async () => {
  await loadFormat();
  const config = editorConfig(path.join(root, 'data'), {
    localBackend: 'http://127.0.0.1:8081/api/v1',
    backend: { name: 'github', repo: 'o/r' },
    now: NOW,
  });
  expect(initArguments).toEqual([{ config: { ...config, load_config_file: false } }]);
});

/** What Decap does with toFile's text: adds the final newline if missing. */
const written = (format: Format, data: unknown) => `${format.toFile(data)}\n`;

test('a text file read and written back is byte-identical, "$schema" and key order kept', async () => {
  const format = await loadFormat();
  for (const language of ['kz', 'ae', 'en']) {
    const file = fs.readFileSync(path.join(root, `data/i18n/${language}.json`), 'utf8');
    const data = format.fromFile(file);
    // Decap's data map keeps no order: hand the keys over shuffled, as a large Immutable map does.
    const shuffled = Object.fromEntries(Object.entries(data).reverse());
    expect(written(format, shuffled)).toBe(file);
  }
});

test('changing one text changes one line', async () => {
  const format = await loadFormat();
  const file = fs.readFileSync(path.join(root, 'data/i18n/kz.json'), 'utf8');
  const data = { ...format.fromFile(file), 'offer.quiz.title': 'Жаңа тақырып' };
  const changed = written(format, data).split('\n');
  const before = file.split('\n');
  expect(changed.filter((line, at) => line !== before[at])).toEqual(['  "offer.quiz.title": "Жаңа тақырып",']);
});

test('a landing is written in the row’s key order, without the empty values untouched fields leave', async () => {
  const format = await loadFormat();
  const row = {
    experiment: {
      variants: [
        { weight: 50, id: 'control', texts: { ru: { headline: '', offer: '', cta: '' } }, sections: [] },
        { texts: { ru: { cta: 'Забрать бонус', headline: 'Заберите до {amount}' } }, weight: 50, id: 'take-bonus', creative: '' },
      ],
      id: 'bonus25000-headline-1',
    },
    redirect_to: '',
    date: '2099-12-31',
    slug: 'bonus25000',
    country: 'ru',
    brand: 'zenit',
    promo: null,
  };
  expect(written(format, row)).toBe(
    [
      '{',
      '  "brand": "zenit",',
      '  "country": "ru",',
      '  "slug": "bonus25000",',
      '  "date": "2099-12-31",',
      '  "experiment": {',
      '    "id": "bonus25000-headline-1",',
      '    "variants": [',
      '      {',
      '        "id": "control",',
      '        "weight": 50',
      '      },',
      '      {',
      '        "id": "take-bonus",',
      '        "weight": 50,',
      '        "texts": {',
      '          "ru": {',
      '            "headline": "Заберите до {amount}",',
      '            "cta": "Забрать бонус"',
      '          }',
      '        }',
      '      }',
      '    ]',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
});

test('keys the editor does not show are kept, after the fields', async () => {
  const format = await loadFormat();
  expect(JSON.parse(format.toFile({ note: 'kept', slug: 'quiz', brand: 'zenit' }))).toEqual({ brand: 'zenit', slug: 'quiz', note: 'kept' });
  expect(Object.keys(JSON.parse(format.toFile({ note: 'kept', slug: 'quiz', brand: 'zenit' })))).toEqual(['brand', 'slug', 'note']);
});
