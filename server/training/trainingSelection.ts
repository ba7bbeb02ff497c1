import type { Split } from '../../contract/apiProjects';
import type { Task, TrainingPreview, TrainingSplit } from '../../contract/apiTraining';
import type { Db } from '../db/Db';
import { splitFor } from '../projects/splitAssignment';

/** The annotation kinds a task learns from: polygons train a detector as their bounding boxes. */
export function annotationKindsOf(task: Task): ('box' | 'polygon' | 'class')[] {
  return task === 'classification' ? ['class'] : ['box', 'polygon'];
}

/** The annotation type a training of `task` records (the history table's column). */
export function annotationTypeOf(task: Task): 'class' | 'box' {
  return task === 'classification' ? 'class' : 'box';
}

export interface SelectedImage {
  imageId: string;
  split: Split;
}

export interface TrainingSelection {
  preview: TrainingPreview;
  /** The usable images in id order, each with the split this training puts it in. */
  images: SelectedImage[];
}

/**
 * What a training of `task` on `labelIds` with `split` would learn from: ready images of the
 * project carrying at least one annotation of a selected label, of the task's kind (classification:
 * exactly one selected class, as trainingData.ts keeps it). Machine
 * labels no person has accepted are left out, so a model never learns from another model's
 * guesses. The project's split is each image's stored split (the dataset page shows it, and an
 * import may have set it); custom ratios deal the same images with their own seed
 * (splitAssignment.splitFor). The API's count, the wizard's preview and the trainer's data
 * selection all come from here, so they agree.
 */
export async function selectTrainingData(
  db: Db,
  projectId: string,
  task: Task,
  labelIds: readonly string[],
  split: TrainingSplit,
): Promise<TrainingSelection> {
  const rows = await db
    .selectFrom('annotations as a')
    .innerJoin('images as i', 'i.id', 'a.image_id')
    .select(['a.image_id', 'a.label_id', 'i.split'])
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('i.project_id', '=', projectId)
    .where('i.state', '=', 'ready')
    .where('a.kind', 'in', annotationKindsOf(task))
    .where('a.source', '=', 'person')
    .groupBy(['a.image_id', 'a.label_id', 'i.split'])
    .execute();
  const labels = await db
    .selectFrom('labels')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();

  const selected = new Set(labelIds);
  const perLabel = new Map(labels.map((l) => [l.id, { labelId: l.id, images: 0, annotations: 0 }]));
  const usable = new Map<string, Split>();
  const classesOf = new Map<string, number>();
  for (const row of rows) {
    const entry = perLabel.get(row.label_id);
    if (!entry) continue;
    entry.images += 1;
    entry.annotations += Number(row.n);
    if (!selected.has(row.label_id)) continue;
    usable.set(row.image_id, row.split as Split);
    classesOf.set(row.image_id, (classesOf.get(row.image_id) ?? 0) + 1);
  }
  // A classification image with two selected classes teaches nothing certain: the trainer leaves it out.
  if (task === 'classification') for (const [id, n] of classesOf) if (n > 1) usable.delete(id);
  const ratios = { train: split.train, validation: split.validation, test: split.test, seed: split.seed };
  const images = [...usable.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([imageId, stored]) => ({ imageId, split: split.mode === 'project' ? stored : splitFor(ratios, imageId) }));
  const splitCounts = { train: 0, validation: 0, test: 0 };
  for (const image of images) splitCounts[image.split] += 1;
  return {
    preview: {
      images: images.length,
      splitCounts,
      perLabel: [...perLabel.values()],
      annotationType: annotationTypeOf(task),
    },
    images,
  };
}
