/**
 * The editor phase: what a marketer waits for in the promotions editor, on the bench's built copy
 * (scripts/editor-site.ts), in Chromium with nothing leaving the machine. The open: from navigating to
 * /__admin/ to the list of landings on screen (its login click included), with when the bundle, the
 * config and the list's entries had arrived, so the report says what dominates. The save: from
 * "Publish now" to the saved headline in the preview's landing, beside the whole-site rebuild that
 * save starts (until the site says it is built again).
 */
import type { Browser, Page } from 'playwright-core';
import { startEditorSite } from '../editor-site';
import type { RebuildStatus } from '../../server/admin/rebuild';
import { median } from './lighthouse';

export interface EditorOpen {
  listS: number;
  /** When each had fully arrived, from the navigation's start. */
  bundleS: number | null;
  configS: number | null;
  entriesS: number | null;
}

export interface EditorMeasure {
  opens: EditorOpen[];
  /** From "Publish now": the file written (the backend's answer to the save), the preview, the site rebuilt. */
  saves: Array<{ writtenS: number; previewS: number; rebuildS: number }>;
  bundleBytes: number;
  configBytes: number;
}

const LIST_ENTRY = 'a[href*="/collections/promotions/entries/"]';
const SAVED_TEXT = 'offer.freebet.title';
/** The Kazakh freebet headline each save writes, numbered so every save changes the file. */
const headline = (round: number) => `Тіркеліп, {amount} тегін бәс алыңыз ${round}`;

async function guarded(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => route.abort('blockedbyclient'));
  return context.newPage();
}

async function loggedIn(page: Page, url: string, ready: ReturnType<Page['locator']>): Promise<void> {
  await page.goto(url);
  const login = page.getByRole('button', { name: 'Login' });
  await login.or(ready).first().waitFor({ timeout: 180_000 });
  if (await login.isVisible()) await login.click();
  await ready.waitFor({ timeout: 180_000 });
}

/** One open in a fresh browser context (nothing cached), timed by the page's own clock. */
async function openOnce(browser: Browser, origin: string): Promise<EditorOpen> {
  const page = await guarded(browser);
  try {
    await loggedIn(page, `${origin}/__admin/#/collections/promotions`, page.locator(LIST_ENTRY).first());
    // No function is declared inside: tsx would name it with a helper the page does not have.
    const timings = await page.evaluate(() => {
      const arrived: Record<string, number | null> = { bundleS: null, configS: null, entriesS: null };
      for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const key = entry.name.includes('decap-cms.js')
          ? 'bundleS'
          : entry.name.includes('config.yml')
            ? 'configS'
            : entry.name.includes('/api/v1')
              ? 'entriesS'
              : null;
        if (key) arrived[key] = Math.max(arrived[key] ?? 0, entry.responseEnd / 1000);
      }
      return { listS: performance.now() / 1000, ...arrived };
    });
    return timings as EditorOpen;
  } finally {
    await page.context().close();
  }
}

async function rebuildStatus(origin: string): Promise<RebuildStatus> {
  return (await (await fetch(`${origin}/__admin/rebuild`)).json()) as RebuildStatus;
}

/** Saves the Kazakh headline and times the preview and the rebuild from the same click. */
async function saveOnce(page: Page, origin: string, round: number): Promise<EditorMeasure['saves'][number]> {
  const field = page.getByLabel(SAVED_TEXT, { exact: true });
  // Opened afresh each round, as a marketer opens an entry: Decap's text field that has just been
  // saved puts the caret back at its end, so a typed-over value would be added to the old one.
  await page.goto('about:blank');
  await loggedIn(page, `${origin}/__admin/#/collections/texts/entries/kz`, field);
  const landing = page.frameLocator('#preview-pane').frameLocator('iframe').getByRole('heading', { level: 1 });
  await landing.waitFor({ timeout: 120_000 });
  const before = (await rebuildStatus(origin)).generation;
  await field.fill(headline(round));
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publishNow = page.getByText('Publish now');
  await publishNow.waitFor();
  const started = Date.now();
  // The save's answer from the editor's backend: the file is written (and the rebuild started) by then.
  const written = page
    .waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith('/__admin/api/v1') &&
        (response.request().postData() ?? '').includes('"persistEntry"'),
      { timeout: 600_000 },
    )
    .then(() => (Date.now() - started) / 1000);
  // A save the build's checks refuse never reaches the preview: the bench says why at once.
  let refused: (error: Error) => void = () => undefined;
  const refusal = new Promise<never>((_resolve, reject) => (refused = reject));
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error' && message.text().includes('The build refuses')) refused(new Error(message.text()));
  };
  page.on('console', onConsole);
  await publishNow.click();
  try {
    await Promise.race([
      refusal,
      page
        .frameLocator('#preview-pane')
        .frameLocator('iframe')
        .getByRole('heading', { level: 1, name: new RegExp(`алыңыз ${round}$`) })
        .waitFor({ timeout: 600_000 }),
    ]);
  } finally {
    page.off('console', onConsole);
  }
  const previewS = (Date.now() - started) / 1000;
  const writtenS = await written;
  for (;;) {
    const status = await rebuildStatus(origin);
    if (status.generation > before && status.state !== 'rebuilding') {
      if (status.state === 'failed') throw new Error(`the rebuild after the save failed: ${status.failure}`);
      return { writtenS, previewS, rebuildS: (Date.now() - started) / 1000 };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function measureEditor(
  siteDir: string,
  browser: Browser,
  rounds: { opens: number; saves: number },
  log: (line: string) => void,
): Promise<EditorMeasure> {
  const site = await startEditorSite({ dir: siteDir });
  // The bench's Chromium resolves no name (HOST_RESOLVER_RULES), localhost included.
  const origin = site.url.replace('//localhost:', '//127.0.0.1:');
  try {
    const size = async (file: string) => (await (await fetch(`${origin}/__admin/${file}`)).arrayBuffer()).byteLength;
    const [bundleBytes, configBytes] = [await size('decap-cms.js'), await size('config.yml')];
    const opens: EditorOpen[] = [];
    for (let round = 1; round <= rounds.opens; round += 1) {
      opens.push(await openOnce(browser, origin));
      log(`editor open ${round}: list after ${opens.at(-1)!.listS.toFixed(1)} s`);
    }
    const saves: EditorMeasure['saves'] = [];
    const page = await guarded(browser);
    try {
      for (let round = 1; round <= rounds.saves; round += 1) {
        saves.push(await saveOnce(page, origin, round));
        const { writtenS, previewS, rebuildS } = saves.at(-1)!;
        log(
          `editor save ${round}: written ${writtenS.toFixed(1)} s, preview ${previewS.toFixed(1)} s, full rebuild ${rebuildS.toFixed(1)} s`,
        );
      }
    } finally {
      await page.context().close();
    }
    return { opens, saves, bundleBytes, configBytes };
  } finally {
    await site.stop();
  }
}

const seconds = (values: Array<number | null>) => {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? `${median(known).toFixed(1)} s` : '—';
};

export function editorTable(measure: EditorMeasure): { header: string[]; rows: string[][] } {
  const { opens, saves } = measure;
  const each = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  return {
    header: ['what', 'median', 'each round (s)'],
    rows: [
      ['open: the list of landings on screen', seconds(opens.map((open) => open.listS)), each(opens.map((open) => open.listS))],
      [`… Decap's bundle arrived (${(measure.bundleBytes / 1024).toFixed(0)} KB)`, seconds(opens.map((open) => open.bundleS)), ''],
      [`… the config arrived (${(measure.configBytes / 1024).toFixed(0)} KB)`, seconds(opens.map((open) => open.configS)), ''],
      ['… the entries arrived', seconds(opens.map((open) => open.entriesS)), ''],
      [
        'save: "Publish now" → the file written (the build\'s checks)',
        seconds(saves.map((save) => save.writtenS)),
        each(saves.map((save) => save.writtenS)),
      ],
      ['save → the saved landing in the preview', seconds(saves.map((save) => save.previewS)), each(saves.map((save) => save.previewS))],
      ['save → the whole site rebuilt', seconds(saves.map((save) => save.rebuildS)), each(saves.map((save) => save.rebuildS))],
    ],
  };
}
