import { randomUUID } from 'node:crypto';
import type { Db } from '../db/Db';
import { ANNOTATION_INSERT_CHUNK } from '../projects/annotationViews';

/**
 * Writes `count` box annotations of `labelId` straight into the database (version 1), in insert
 * chunks, with the geometry `place(i)` gives; returns their ids in order. The image row's count
 * and labeled flag are the caller's to set (tests and benchmarks seed them differently).
 */
export async function seedBoxes(
  db: Db,
  options: {
    imageId: string;
    labelId: string;
    count: number;
    place: (i: number) => { x: number; y: number; width: number; height: number };
    now: string;
    createdBy?: string | null;
  },
): Promise<string[]> {
  const { imageId, labelId, count, place, now } = options;
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let i = 0; i < count; i += ANNOTATION_INSERT_CHUNK) {
    await db
      .insertInto('annotations')
      .values(
        ids.slice(i, i + ANNOTATION_INSERT_CHUNK).map((id, j) => ({
          id,
          image_id: imageId,
          label_id: labelId,
          kind: 'box',
          ...place(i + j),
          data: null,
          version: 1,
          created_by: options.createdBy ?? null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  return ids;
}
