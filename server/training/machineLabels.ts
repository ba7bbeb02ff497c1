import { randomUUID } from 'node:crypto';
import type { Task } from '../../contract/apiTraining';
import type { RawPrediction } from '../../ml/types';
import type { Dialect } from '../db/createDatabase';
import type { Db } from '../db/Db';
import type { Insertable } from 'kysely';
import type { AnnotationsTable } from '../db/schema';
import { ANNOTATION_INSERT_CHUNK } from '../projects/annotationViews';
import { boxProblem } from '../projects/boxCheck';

/** A label a model proposes for one image, in image pixels (class labels cover the whole image: geometry 0). */
export interface MachineLabel {
  labelId: string;
  kind: 'class' | 'box';
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/**
 * What a model's predictions on one image become as machine labels: classification keeps its top
 * class when it reaches `threshold`; detection keeps every box that reaches it, in image pixels,
 * clamped to the image, and leaves out boxes under MIN_BOX_SIDE (a person could not store them
 * either). `labelIds[i]` is the project label of output i; null where that label was deleted.
 */
export function machineLabelsOf(
  predictions: readonly RawPrediction[],
  task: Task,
  labelIds: readonly (string | null)[],
  threshold: number,
  width: number,
  height: number,
): MachineLabel[] {
  const usable = predictions.filter((p) => p.score >= threshold && labelIds[p.classIndex] != null);
  if (task === 'classification') {
    const top = usable.reduce<RawPrediction | null>((best, p) => (best && best.score >= p.score ? best : p), null);
    return top
      ? [{ labelId: labelIds[top.classIndex]!, kind: 'class', x: 0, y: 0, width: 0, height: 0, score: top.score }]
      : [];
  }
  const out: MachineLabel[] = [];
  for (const p of usable) {
    if (!p.box) continue;
    const [bx, by, bw, bh] = p.box;
    const x0 = clamp(bx * width, 0, width);
    const y0 = clamp(by * height, 0, height);
    const x1 = clamp((bx + bw) * width, 0, width);
    const y1 = clamp((by + bh) * height, 0, height);
    const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    if (boxProblem(box, width, height)) continue;
    out.push({ labelId: labelIds[p.classIndex]!, kind: 'box', ...box, score: p.score });
  }
  return out.sort((a, b) => b.score - a.score);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number.isFinite(v) ? v : lo));

/**
 * Writes one image's machine labels inside the caller's transaction, as a person's save would
 * (annotation count, labeled flag, revision), unless the image gained annotations meanwhile — a
 * person labeled it, or another run did: then nothing is written and false is returned. The image
 * row is read for update (PostgreSQL; SQLite runs one write transaction at a time), so a
 * person's save and this write never interleave.
 */
export async function writeMachineLabels(
  trx: Db,
  dialect: Dialect,
  imageId: string,
  labels: readonly MachineLabel[],
  now: Date,
): Promise<boolean> {
  const image = await trx
    .selectFrom('images')
    .select(['annotation_count', 'annotation_revision', 'state'])
    .where('id', '=', imageId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!image || image.state !== 'ready' || Number(image.annotation_count) > 0 || labels.length === 0) return false;
  const at = now.toISOString();
  const rows: Insertable<AnnotationsTable>[] = labels.map((l) => ({
    id: randomUUID(),
    image_id: imageId,
    label_id: l.labelId,
    kind: l.kind,
    x: l.x,
    y: l.y,
    width: l.width,
    height: l.height,
    data: null,
    version: 1,
    created_by: null,
    created_at: at,
    updated_at: at,
    source: 'machine',
    score: l.score,
  }));
  for (let i = 0; i < rows.length; i += ANNOTATION_INSERT_CHUNK) {
    await trx
      .insertInto('annotations')
      .values(rows.slice(i, i + ANNOTATION_INSERT_CHUNK))
      .execute();
  }
  await trx
    .updateTable('images')
    .set({
      annotation_count: rows.length,
      annotation_revision: Number(image.annotation_revision) + 1,
      labeled: 1,
      updated_at: at,
    })
    .where('id', '=', imageId)
    .execute();
  return true;
}
