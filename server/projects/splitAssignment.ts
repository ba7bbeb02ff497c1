import { SPLITS } from '../../contract/apiProjects';
import type { Db } from '../db/Db';

export type Split = (typeof SPLITS)[number];

/** Percentages of a project's split (summing to 100) and the seed that deals images into them. */
export interface SplitRatios {
  train: number;
  validation: number;
  test: number;
  seed: number;
}

/** murmur3's 32-bit finaliser: spreads every input bit over the whole word. */
function fmix32(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A number in [0, 1) drawn from (seed, image id) alone: FNV-1a over the id starting from the
 * mixed seed, then the finaliser, so that ids or seeds differing in one bit land far apart.
 */
export function splitPoint(seed: number, imageId: string): number {
  let h = (0x811c9dc5 ^ fmix32(seed >>> 0)) >>> 0;
  for (let i = 0; i < imageId.length; i++) {
    h ^= imageId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h) / 0x1_0000_0000;
}

/**
 * The split of one image: a pure function of the ratios, the seed and the image id, so it is the
 * same on every server and every call until the ratios change or the user re-rolls the seed.
 */
export function splitFor(ratios: SplitRatios, imageId: string): Split {
  const p = splitPoint(ratios.seed, imageId) * 100;
  if (p < ratios.train) return 'train';
  if (p < ratios.train + ratios.validation) return 'validation';
  return 'test';
}

/** A fresh seed for a re-roll: a positive 31-bit integer (fits every database's integer). */
export function newSplitSeed(): number {
  return 1 + Math.floor(Math.random() * 0x7fff_fffe);
}

const UPDATE_CHUNK = 500;

/**
 * Writes the split of every image of the project for `ratios` (inside the caller's transaction
 * `db`). Grouped by split and chunked so that 100,000 images take a few hundred statements.
 */
export async function reassignSplits(db: Db, projectId: string, ratios: SplitRatios, now: string): Promise<void> {
  const rows = await db.selectFrom('images').select(['id', 'split']).where('project_id', '=', projectId).execute();
  const moves: Record<Split, string[]> = { train: [], validation: [], test: [] };
  for (const row of rows) {
    const split = splitFor(ratios, row.id);
    if (split !== row.split) moves[split].push(row.id);
  }
  for (const split of SPLITS) {
    const ids = moves[split];
    for (let i = 0; i < ids.length; i += UPDATE_CHUNK) {
      await db
        .updateTable('images')
        .set({ split, updated_at: now })
        .where('project_id', '=', projectId)
        .where('id', 'in', ids.slice(i, i + UPDATE_CHUNK))
        .execute();
    }
  }
}
