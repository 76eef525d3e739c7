/** The shape of data/experiments-ledger.json (what it holds and why: experiment-ledger.ts). */
import { z } from 'zod';
import { EXPERIMENT_ID, VARIANT_ID } from '../src/domain/experiments';

export const LEDGER_FILE = 'experiments-ledger.json';

export const ledgerSchema = z
  .record(
    z.string().regex(EXPERIMENT_ID, 'an experiment id'),
    z.record(z.string().regex(VARIANT_ID, 'a variant id'), z.number().int().min(1).max(99)),
  )
  .describe('Each experiment id with the variants and weights (in order) it started with; an id keeps them for good');

export type ExperimentLedger = z.infer<typeof ledgerSchema>;
