import type { Split } from '../../contract/apiProjects';
import type { Task, TrainingSettings } from '../../contract/apiTraining';
import type { NormBox, Target } from '../../ml/types';
import type { Db } from '../db/Db';
import { splitFor } from '../projects/splitAssignment';

/*
 * Which images a training learns from, and what each teaches. An image is used when it is ready
 * and carries at least one annotation of a selected label of the task's kind: classification its
 * whole-image 'class' annotation, detection its boxes and polygons (as their bounding boxes).
 * Machine labels no person has accepted are left out: a model must not learn its own guesses.
 * The same rules as the API's count (trainingSelection.ts), so the wizard's figures hold.
 */

export interface TrainingLabel {
  id: string;
  name: string;
  color: string;
}

export interface TrainingImage {
  id: string;
  blobKey: string;
  width: number;
  height: number;
  pyramid: string | null;
  target: Target;
}

export interface TrainingData {
  /** The selected labels that still exist, in project order: the model's output order. */
  labels: TrainingLabel[];
  splits: Record<Split, TrainingImage[]>;
  /** Classification images carrying two different selected classes (ambiguous: left out). */
  ambiguous: number;
}

/** Images read per query, so memory holds one page of annotation rows at a time. */
const PAGE = 500;

export const ANNOTATION_KINDS_OF_TASK: Record<Task, readonly string[]> = {
  classification: ['class'],
  detection: ['box', 'polygon'],
};

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

/** A pixel box → relative to the image, clipped to it; null when nothing of it is inside. */
export function normBox(
  classIndex: number,
  a: { x: number; y: number; width: number; height: number },
  image: { width: number; height: number },
): NormBox | null {
  const x0 = clamp01(a.x / image.width);
  const y0 = clamp01(a.y / image.height);
  const x1 = clamp01((a.x + a.width) / image.width);
  const y1 = clamp01((a.y + a.height) / image.height);
  if (x1 - x0 <= 0 || y1 - y0 <= 0) return null;
  return { classIndex, x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

export async function selectTrainingData(
  db: Db,
  projectId: string,
  settings: Pick<TrainingSettings, 'labelIds' | 'split'>,
  task: Task,
): Promise<TrainingData> {
  const project = await db
    .selectFrom('projects')
    .select(['split_train', 'split_validation', 'split_test', 'split_seed'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const labels = settings.labelIds.length
    ? await db
        .selectFrom('labels')
        .select(['id', 'name', 'color'])
        .where('project_id', '=', projectId)
        .where('id', 'in', settings.labelIds)
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  const classOf = new Map(labels.map((l, i) => [l.id, i]));
  const splits: Record<Split, TrainingImage[]> = { train: [], validation: [], test: [] };
  const ratios =
    settings.split.mode === 'custom'
      ? settings.split
      : {
          train: project.split_train,
          validation: project.split_validation,
          test: project.split_test,
          seed: project.split_seed,
        };
  let ambiguous = 0;
  if (labels.length === 0) return { labels, splits, ambiguous };
  const kinds = ANNOTATION_KINDS_OF_TASK[task];
  let after = '';
  for (;;) {
    const images = await db
      .selectFrom('images')
      .select(['id', 'blob_key', 'width', 'height', 'pyramid', 'split'])
      .where('project_id', '=', projectId)
      .where('state', '=', 'ready')
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (images.length === 0) break;
    const annotations = await db
      .selectFrom('annotations')
      .select(['image_id', 'label_id', 'x', 'y', 'width', 'height'])
      .where(
        'image_id',
        'in',
        images.map((i) => i.id),
      )
      .where('label_id', 'in', [...classOf.keys()])
      .where('kind', 'in', [...kinds])
      .where('source', '=', 'person')
      .orderBy('image_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const byImage = new Map<string, typeof annotations>();
    for (const a of annotations) {
      const list = byImage.get(a.image_id);
      if (list) list.push(a);
      else byImage.set(a.image_id, [a]);
    }
    for (const image of images) {
      const rows = byImage.get(image.id);
      if (!rows) continue;
      let target: Target;
      if (task === 'classification') {
        const classes = new Set(rows.map((r) => classOf.get(r.label_id)!));
        if (classes.size > 1) {
          ambiguous++;
          continue;
        }
        target = { kind: 'class', classIndex: [...classes][0]! };
      } else {
        const boxes = rows
          .map((r) => normBox(classOf.get(r.label_id)!, r, image))
          .filter((b): b is NormBox => b !== null);
        if (boxes.length === 0) continue;
        target = { kind: 'boxes', boxes };
      }
      const split: Split =
        settings.split.mode === 'custom' ? splitFor(ratios, image.id) : (image.split as Split) || 'train';
      splits[split].push({
        id: image.id,
        blobKey: image.blob_key,
        width: image.width,
        height: image.height,
        pyramid: image.pyramid,
        target,
      });
    }
    if (images.length < PAGE) break;
    after = images.at(-1)!.id;
  }
  return { labels, splits, ambiguous };
}
