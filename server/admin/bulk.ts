/**
 * Finding landings and changing one field over many of them: the selection (brand, country, slug,
 * status as `npm run promos` counts it, last day), the files a change would write with each landing's
 * value before and after, and the save, which writes them all in one save of the editor's backend (one
 * commit on a git backend) through the guard every save of the editor passes (backend-proxy.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { entryName, type Landing } from '../../src/domain/landings';
import { promotionStatus, type PromotionStatus } from '../../src/domain/expiry';
import { promotionFileName, promotionFileText } from '../../tables/promotion-files';
import { sha256 } from './check';
import type { BackendRequest, GuardedWrite } from './backend-proxy';

export const STATUSES: readonly PromotionStatus[] = ['active', 'expiring', 'expired', 'permanent'];

/** The fields a bulk change may set, with the words the editor's form gives them. */
export const BULK_FIELDS = { date: 'Last day', redirect_to: 'When over, redirect to', promo: 'Promo code' } as const;
export type BulkField = keyof typeof BULK_FIELDS;

export interface Selection {
  brand?: string;
  country?: string;
  slug?: string;
  status?: string;
  /** The last day, YYYY-MM-DD. */
  date?: string;
}

export interface FoundLanding {
  entry: string;
  path: string;
  file: string;
  status: PromotionStatus;
  date: string;
}

export function findLandings(landings: readonly Landing[], selection: Selection, now: number): FoundLanding[] {
  const wanted = (value: string | undefined, actual: string) => !value || value === actual;
  return landings
    .map((landing) => ({ landing, status: promotionStatus(landing.row.date, now) }))
    .filter(
      ({ landing, status }) =>
        wanted(selection.brand, landing.brand) &&
        wanted(selection.country, landing.country) &&
        wanted(selection.slug, landing.slug) &&
        wanted(selection.status, status) &&
        wanted(selection.date, landing.row.date),
    )
    .map(({ landing, status }) => ({
      entry: entryName(landing),
      path: landing.path,
      file: promotionFileName(landing),
      status,
      date: landing.row.date,
    }));
}

export interface BulkChange {
  field: BulkField;
  /** The new value; empty removes an optional field (a redirect, a promo code of its own). */
  value: string;
}

export interface PlannedFile {
  entry: string;
  file: string;
  from: string | null;
  to: string | null;
  raw: string;
  /** The SHA-256 of the file as planned from: the save is refused if it changed since. */
  base: string;
}

export function isBulkChange(value: unknown): value is BulkChange {
  const change = value as Partial<BulkChange> | null | undefined;
  return typeof change?.value === 'string' && typeof change.field === 'string' && Object.hasOwn(BULK_FIELDS, change.field);
}

/** Each selected landing's file with the change made, leaving out those that already hold the value. */
export function planChange(repoDir: string, found: readonly FoundLanding[], change: BulkChange): PlannedFile[] {
  const planned: PlannedFile[] = [];
  for (const landing of found) {
    const text = fs.readFileSync(path.join(repoDir, landing.file), 'utf8');
    const row = JSON.parse(text) as Record<string, unknown>;
    const from = typeof row[change.field] === 'string' ? (row[change.field] as string) : null;
    const to = change.value.trim() || null;
    if (from === to) continue;
    const { [change.field]: _old, ...rest } = row;
    const raw = promotionFileText(to === null ? rest : { ...rest, [change.field]: to });
    planned.push({ entry: landing.entry, file: landing.file, from, to, raw, base: sha256(text) });
  }
  return planned;
}

/** The one save that writes every planned file: decap-server's persistEntry with all of them. */
export function bulkSave(planned: readonly PlannedFile[], change: BulkChange): BackendRequest {
  return {
    action: 'persistEntry',
    params: {
      // decap-server's schema asks for the branch; the editor's config names main, as here.
      branch: 'main',
      dataFiles: planned.map((file) => ({ slug: file.entry, path: file.file, raw: file.raw })),
      assets: [],
      options: {
        collectionName: 'promotions',
        commitMessage: `Set ${change.field} to ${change.value.trim() || '(none)'} on ${planned.length} landings`,
        useWorkflow: false,
        status: 'draft',
      },
      base: Object.fromEntries(planned.map((file) => [file.file, file.base])),
    },
  };
}

/**
 * Saves a reviewed plan: refused unless the files are the ones reviewed (`reviewed`: each file's hash
 * as the review showed it), and then by the guard, with the build's words; nothing is written then.
 */
export async function saveReviewed(
  write: GuardedWrite,
  planned: readonly PlannedFile[],
  reviewed: Readonly<Record<string, string>>,
  change: BulkChange,
): Promise<{ ok: true; saved: string[] } | { ok: false; problem: string }> {
  const same = planned.length === Object.keys(reviewed).length && planned.every((file) => reviewed[file.file] === file.base);
  if (!same) {
    return {
      ok: false,
      problem: 'the landings or their files changed since you reviewed this change, so nothing is saved: review it again',
    };
  }
  if (!planned.length) return { ok: false, problem: 'no landing of the selection changes: each holds that value already' };
  const answer = await write(bulkSave(planned, change));
  if (answer.status >= 400) return { ok: false, problem: String((answer.json as { error?: string }).error ?? 'the save failed') };
  return { ok: true, saved: planned.map((file) => file.entry) };
}
