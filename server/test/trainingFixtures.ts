import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Subtype } from '../../contract/apiProjects';
import { TRAINING_DEFAULTS, TASK_OF_NETWORK, type TrainingCreate } from '../../contract/apiTraining';
import { syntheticShapes } from '../../ml/synthetic';
import type { BlobStore } from '../blobs/BlobStore';
import { splitFor } from '../projects/splitAssignment';
import type { TrainingDeps } from '../training/runTraining';
import { insertProject } from './fixtures/projectSeed';
import { imageRow } from './fixtures/testRows';
import type { TestApp } from './testApp';

/*
 * A project of synthetic images (ml/synthetic.ts: circles, squares and triangles) stored as an
 * upload leaves them — PNG originals in the blob store, ready image rows in the project's seeded
 * split, and their labels ('class' annotations, or boxes in image pixels) — and training rows as
 * the API writes them, for the tests that run the real training pipeline.
 */

export interface SyntheticProject {
  id: string;
  /** Label ids in the synthetic set's class order. */
  labelIds: string[];
  imageIds: string[];
}

export async function seedSyntheticProject(
  t: TestApp,
  blobs: BlobStore,
  options: { task: 'classification' | 'detection'; count: number; size: number; seed: number; userId: string },
): Promise<SyntheticProject> {
  const set = syntheticShapes({ task: options.task, count: options.count, size: options.size, seed: options.seed });
  const subtype: Subtype = options.task === 'classification' ? 'IMAGE_CLASSIFICATION' : 'IMAGE_OBJECT_DETECTION';
  const now = t.clock.now().toISOString();
  const project = await insertProject(t.database.db, now, {
    subtype,
    title: `Synthetic ${options.task}`,
    members: [{ user: { id: options.userId }, role: 'admin' }],
    labels: set.labels.map((l) => l.name),
  });
  const labelIds = set.labels.map((l) => project.labels[l.name]!);
  for (const [i, label] of set.labels.entries()) {
    await t.database.db.updateTable('labels').set({ color: label.color }).where('id', '=', labelIds[i]!).execute();
  }
  const ratios = await t.database.db
    .selectFrom('projects')
    .select(['split_train as train', 'split_validation as validation', 'split_test as test', 'split_seed as seed'])
    .where('id', '=', project.id)
    .executeTakeFirstOrThrow();
  const imageIds: string[] = [];
  for (const [n, item] of set.items.entries()) {
    const { width, height, data } = item.image;
    const png = await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const blobKey = await blobs.put(png);
    const id = randomUUID();
    const boxes = item.target.kind === 'boxes' ? item.target.boxes : [];
    const annotations =
      item.target.kind === 'class'
        ? [{ labelId: labelIds[item.target.classIndex]!, kind: 'class', x: 0, y: 0, width: 0, height: 0 }]
        : boxes.map((b) => ({
            labelId: labelIds[b.classIndex]!,
            kind: 'box',
            x: b.x * width,
            y: b.y * height,
            width: b.w * width,
            height: b.h * height,
          }));
    await t.database.db
      .insertInto('images')
      .values(
        imageRow(now, {
          id,
          project_id: project.id,
          file_name: `synthetic-${n}.png`,
          type: 'image/png',
          width,
          height,
          bytes: png.byteLength,
          blob_key: blobKey,
          split: splitFor(ratios, id),
          labeled: annotations.length ? 1 : 0,
          annotation_count: annotations.length,
          annotation_revision: annotations.length ? 1 : 0,
        }),
      )
      .execute();
    if (annotations.length) {
      await t.database.db
        .insertInto('annotations')
        .values(
          annotations.map((a) => ({
            id: randomUUID(),
            image_id: id,
            label_id: a.labelId,
            kind: a.kind,
            x: a.x,
            y: a.y,
            width: a.width,
            height: a.height,
            data: null,
            version: 1,
            created_by: options.userId,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    imageIds.push(id);
  }
  return { id: project.id, labelIds, imageIds };
}

/** The wizard's settings with the task's defaults, changed by `overrides`. */
export function trainingSettings(
  network: TrainingCreate['network'],
  labelIds: string[],
  overrides: Partial<Omit<TrainingCreate, 'hyperparameters'>> & {
    hyperparameters?: Partial<TrainingCreate['hyperparameters']>;
  } = {},
): TrainingCreate {
  const defaults = TRAINING_DEFAULTS[TASK_OF_NETWORK[network]];
  const { hyperparameters, ...rest } = overrides;
  return {
    split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 },
    labelIds,
    pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
    network,
    trainerId: 'auto',
    ...rest,
    hyperparameters: {
      iterations: defaults.iterations,
      batchSize: defaults.batchSize as 16,
      learningRate: defaults.learningRate,
      inputSize: defaults.inputSize as 224,
      augmentation: { enabled: false, flip: false, shift: false, brightness: false },
      ...hyperparameters,
    },
  } as TrainingCreate;
}

/** A queued training row as POST trainings writes it. */
export async function insertTraining(
  t: TestApp,
  projectId: string,
  settings: TrainingCreate,
  createdBy: string | null,
): Promise<string> {
  const db = t.database.db;
  const last = await db
    .selectFrom('trainings')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  const id = randomUUID();
  const now = t.clock.now().toISOString();
  const task = TASK_OF_NETWORK[settings.network];
  await db
    .insertInto('trainings')
    .values({
      id,
      project_id: projectId,
      number: Number(last?.n ?? 0) + 1,
      job_id: null,
      settings: JSON.stringify(settings),
      network: settings.network,
      task,
      annotation_type: task === 'classification' ? 'class' : 'box',
      model_tag: settings.modelTag || null,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** runTraining's deps over the test app, with the log kept for assertions. */
export function trainingDeps(t: TestApp, blobs: BlobStore, logs: string[]): TrainingDeps {
  return {
    db: t.database.db,
    blobs,
    now: () => new Date(),
    tmpRoot: `${t.dataDir}/tmp`,
    log: (msg) => logs.push(msg),
  };
}
