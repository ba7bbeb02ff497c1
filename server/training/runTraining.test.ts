import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelManifestSchema } from '../../contract/apiModels';
import { evaluationSchema, predictionSchema, type TrainingCreate } from '../../contract/apiTraining';
import { readModelZip } from '../../ml/modelZip';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import {
  insertTraining,
  seedSyntheticProject,
  trainingDeps,
  trainingSettings,
  type SyntheticProject,
} from '../test/trainingFixtures';
import { readBlobBytes } from './readTrainingImage';
import { runTraining, type TrainingOutcome } from './runTraining';

/*
 * Real trainings, start to end, on synthetic images (ml/synthetic.ts) stored as uploads leave
 * them: a 3-class classifier and a detector must reach their quality bar on their own test split;
 * the second training of the same images reads every feature from the cache; a training whose
 * trainer died resumes from its checkpoint; a stop takes effect and leaves no model. Each
 * training runs once and is asserted on from many sides. Minutes of CPU: they run on SQLite only
 * (the PostgreSQL rerun of the API tests covers the pipeline's database parts in
 * trainingPipeline.test.ts).
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
/** A test split of its own, large enough for the accuracy to mean something (~60 images). */
const SPLIT = { mode: 'custom', train: 60, validation: 15, test: 25, seed: 3 } as const;
const SLOW = 600_000;

let t: TestApp;
let user: TestUser;
let blobs: LocalBlobStore;
let classes: SyntheticProject;
const db = () => t.database.db;
const row = (id: string) => db().selectFrom('trainings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function train(
  projectId: string,
  settings: TrainingCreate,
  options: { trainerId?: string; signal?: AbortSignal; id?: string; blobs?: LocalBlobStore } = {},
): Promise<{ id: string; outcome: TrainingOutcome; logs: string[] }> {
  const id = options.id ?? (await insertTraining(t, projectId, settings, user.id));
  const logs: string[] = [];
  const outcome = await runTraining(trainingDeps(t, options.blobs ?? blobs, logs), id, {
    trainerId: options.trainerId ?? 'trainer-test',
    signal: options.signal ?? new AbortController().signal,
  });
  return { id, outcome, logs };
}

/** The test's blob store, which aborts `lease` once `puts` blobs have been stored. */
class BlobsThatAbort extends LocalBlobStore {
  constructor(
    root: string,
    private puts: number,
    private readonly lease: AbortController,
  ) {
    super(root);
  }

  override async put(data: Parameters<LocalBlobStore['put']>[0]): Promise<string> {
    const key = await super.put(data);
    if (--this.puts === 0) this.lease.abort();
    return key;
  }
}

/** Calls `act` once the training's row satisfies `when` (checked every 50 ms while it runs). */
function watch(id: string, when: (r: Awaited<ReturnType<typeof row>>) => boolean, act: () => Promise<void> | void) {
  let fired = false;
  const timer = setInterval(async () => {
    if (fired) return;
    const r = await row(id).catch(() => null);
    if (r && when(r)) {
      fired = true;
      await act();
    }
  }, 50);
  return () => clearInterval(timer);
}

/** A 0–1 count of the feature cache log line: hits, misses. */
function cacheCounts(logs: string[]): { hits: number; misses: number } {
  const line = logs.find((l) => l.includes('features cache')) ?? '';
  const m = /(\d+) hits, (\d+) misses/.exec(line);
  return { hits: Number(m?.[1] ?? -1), misses: Number(m?.[2] ?? -1) };
}

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t, { name: 'Trainer' });
  blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
  if (!onPostgres) {
    classes = await seedSyntheticProject(t, blobs, {
      task: 'classification',
      count: 240,
      size: 160,
      seed: 11,
      userId: user.id,
    });
  }
}, SLOW);
afterAll(() => t.close());

describe.skipIf(onPostgres)('runTraining (real trainings)', () => {
  const classifier = () =>
    trainingSettings('classifier-compact', classes.labelIds, {
      modelTag: 'shapes',
      split: SPLIT,
      hyperparameters: { iterations: 20, batchSize: 16, learningRate: 0.002, inputSize: 160 },
    });

  it(
    'trains a 3-class classifier to ≥ 0.9 accuracy on its test split, stores and tests the model zip, and makes it the assist model',
    async () => {
      const { id, outcome, logs } = await train(classes.id, classifier());
      console.log(logs.join('\n'));
      expect(outcome, logs.join('\n')).toBe('completed');
      const r = await row(id);
      expect(r).toMatchObject({ status: 'completed', step: 'completed', progress: 1, epoch: 20, epochs: 20 });
      expect(r.ended_at).not.toBeNull();
      expect(r.checkpoint_key).toBeNull();
      const counts = JSON.parse(r.split_counts) as Record<string, number>;
      expect(counts.train! + counts.validation! + counts.test!).toBe(240);
      expect(r.dataset_count).toBe(240);
      expect(JSON.parse(r.history)).toHaveLength(20);

      const evaluation = evaluationSchema.parse(JSON.parse(r.evaluation!));
      if (evaluation.task !== 'classification') throw new Error('expected a classification evaluation');
      expect(evaluation.testImages).toBe(counts.test);
      expect(evaluation.accuracy, r.history).toBeGreaterThanOrEqual(0.9);
      expect(evaluation.confusion.labelIds).toEqual(classes.labelIds);
      expect(r.accuracy).toBe(evaluation.accuracy);

      const model = await db().selectFrom('models').selectAll().where('id', '=', r.model_id!).executeTakeFirstOrThrow();
      expect(model).toMatchObject({
        training_id: id,
        source: 'trained',
        tag: 'shapes',
        task: 'classification',
        input_size: 160,
      });
      expect(JSON.parse(model.metrics)).toMatchObject({ accuracy: evaluation.accuracy });
      expect((JSON.parse(model.labels) as { id: string }[]).map((l) => l.id)).toEqual(classes.labelIds);
      const zip = await readBlobBytes(blobs, model.blob_key);
      expect(zip?.byteLength).toBe(model.bytes);
      const loaded = await readModelZip(new Uint8Array(zip!));
      expect(loaded.manifest).toEqual(modelManifestSchema.parse(JSON.parse(model.manifest)));
      expect(loaded.manifest).toMatchObject({ trainingId: id, tag: 'shapes', labels: [{ name: 'circle' }, {}, {}] });
      loaded.dispose();

      const predictions = JSON.parse((await readBlobBytes(blobs, r.predictions_key!))!.toString('utf8')) as Record<
        string,
        unknown[]
      >;
      expect(Object.keys(predictions)).toHaveLength(counts.test!);
      for (const list of Object.values(predictions)) {
        expect(list.length).toBeGreaterThan(0);
        for (const p of list) predictionSchema.parse(p);
      }
      const project = await db()
        .selectFrom('projects')
        .select('assist_model_id')
        .where('id', '=', classes.id)
        .executeTakeFirstOrThrow();
      expect(project.assist_model_id).toBe(model.id);
      expect(cacheCounts(logs).misses).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'reads every feature of the same images from the cache, and a training whose trainer died resumes after its last checkpoint',
    async () => {
      const settings = trainingSettings('classifier-compact', classes.labelIds, {
        split: SPLIT,
        hyperparameters: { iterations: 4, batchSize: 16, learningRate: 0.003, inputSize: 160 },
      });
      const id = await insertTraining(t, classes.id, settings, user.id);
      // The trainer 'dies' (its lease is lost) while storing its second epoch's checkpoint: by
      // then the row names the first, whatever the machine's speed (all features are cached, so
      // the only blobs written while learning are checkpoints).
      const lease = new AbortController();
      const dying = new BlobsThatAbort(path.join(t.dataDir, 'blobs'), 2, lease);
      const first = await train(classes.id, settings, {
        id,
        trainerId: 'trainer-dies',
        signal: lease.signal,
        blobs: dying,
      });
      expect(first.outcome).toBe('stopped');
      const cache = cacheCounts(first.logs);
      expect(cache.misses, first.logs.join('\n')).toBe(0);
      expect(cache.hits).toBeGreaterThan(0);
      const left = await row(id);
      // The dead trainer wrote nothing more: the row still runs, with its checkpoint.
      expect(left).toMatchObject({ status: 'running', trainer_id: 'trainer-dies' });
      expect(left.checkpoint_key).not.toBeNull();
      const doneEpochs = (JSON.parse(left.history) as unknown[]).length;
      expect(doneEpochs).toBeGreaterThanOrEqual(1);

      const again = await train(classes.id, settings, { id, trainerId: 'trainer-next' });
      expect(again.outcome, again.logs.join('\n')).toBe('completed');
      expect(again.logs.join('\n')).toMatch(new RegExp(`resuming after epoch ${doneEpochs}`));
      const r = await row(id);
      expect(r).toMatchObject({ status: 'completed', trainer_id: 'trainer-next', checkpoint_key: null });
      expect((JSON.parse(r.history) as { epoch: number }[]).map((h) => h.epoch)).toEqual([1, 2, 3, 4]);
      expect(await blobs.has(left.checkpoint_key!)).toBe(false);
    },
    SLOW,
  );

  it(
    'stops within a batch when asked, with no model and no checkpoint left',
    async () => {
      const settings = trainingSettings('classifier-standard', classes.labelIds, {
        split: SPLIT,
        hyperparameters: { iterations: 100, batchSize: 8, learningRate: 0.001, inputSize: 160 },
      });
      const id = await insertTraining(t, classes.id, settings, user.id);
      let askedAt: { epoch: number; batch: number } | null = null;
      const unwatch = watch(
        id,
        (r) => r.step === 'learning' && r.epoch >= 1,
        async () => {
          const r = await row(id);
          askedAt = { epoch: r.epoch, batch: r.batch };
          await db().updateTable('trainings').set({ stop_requested: 1 }).where('id', '=', id).execute();
        },
      );
      const { outcome, logs } = await train(classes.id, settings, { id });
      unwatch();
      expect(outcome, logs.join('\n')).toBe('stopped');
      expect(askedAt).not.toBeNull();
      const r = await row(id);
      expect(r).toMatchObject({ status: 'stopped', model_id: null, checkpoint_key: null });
      expect(r.ended_at).not.toBeNull();
      expect(r.epoch).toBeLessThan(100);
      const models = await db().selectFrom('models').select('id').where('training_id', '=', id).execute();
      expect(models).toEqual([]);
    },
    SLOW,
  );

  it(
    'trains a detector to mAP@0.5 ≥ 0.6 on its test split, with predictions in image pixels and the best threshold in the manifest',
    async () => {
      // Fewer images and epochs than the detector's own test (300, 10: mAP@0.5 0.93 here), still far above the bar.
      const boxes = await seedSyntheticProject(t, blobs, {
        task: 'detection',
        count: 200,
        size: 160,
        seed: 11,
        userId: user.id,
      });
      const settings = trainingSettings('detector-compact', boxes.labelIds, {
        split: { mode: 'custom', train: 67, validation: 13, test: 20, seed: 3 },
        hyperparameters: { iterations: 8, batchSize: 16, learningRate: 0.002, inputSize: 160 },
      });
      const { id, outcome, logs } = await train(boxes.id, settings);
      console.log(logs.join('\n'));
      expect(outcome, logs.join('\n')).toBe('completed');
      const r = await row(id);
      const evaluation = evaluationSchema.parse(JSON.parse(r.evaluation!));
      if (evaluation.task !== 'detection') throw new Error('expected a detection evaluation');
      expect(evaluation.testImages).toBeGreaterThan(0);
      expect(evaluation.map50, logs.join('\n')).toBeGreaterThanOrEqual(0.6);
      expect(evaluation.map5095).toBeLessThanOrEqual(evaluation.map50);

      const model = await db().selectFrom('models').selectAll().where('id', '=', r.model_id!).executeTakeFirstOrThrow();
      expect(JSON.parse(model.metrics)).toMatchObject({ map50: evaluation.map50, map5095: evaluation.map5095 });
      const loaded = await readModelZip(new Uint8Array((await readBlobBytes(blobs, model.blob_key))!));
      expect(loaded.manifest.detection?.scoreThreshold).toBe(evaluation.bestThreshold.score);
      loaded.dispose();

      const predictions = JSON.parse((await readBlobBytes(blobs, r.predictions_key!))!.toString('utf8')) as Record<
        string,
        { labelId: string; box: [number, number, number, number] }[]
      >;
      const all = Object.values(predictions).flat();
      expect(all.length).toBeGreaterThan(0);
      for (const p of all) {
        expect(boxes.labelIds).toContain(p.labelId);
        // Image pixels of a 160 × 160 image, not 0–1.
        expect(p.box[0] + p.box[2]).toBeLessThanOrEqual(160.001);
      }
      expect(Math.max(...all.map((p) => p.box[2]))).toBeGreaterThan(1);
    },
    SLOW,
  );

  it(
    'starts from a previous model of the project (its head too, for the same labels) and keeps that quality after one epoch',
    async () => {
      const previous = await db()
        .selectFrom('models')
        .select('id')
        .where('project_id', '=', classes.id)
        .where('tag', '=', 'shapes')
        .executeTakeFirstOrThrow();
      const settings = trainingSettings('classifier-compact', classes.labelIds, {
        pretrained: { kind: 'model', modelId: previous.id },
        split: SPLIT,
        hyperparameters: { iterations: 1, batchSize: 16, learningRate: 0.0001, inputSize: 160 },
      });
      const { id, outcome, logs } = await train(classes.id, settings);
      expect(outcome, logs.join('\n')).toBe('completed');
      const evaluation = evaluationSchema.parse(JSON.parse((await row(id)).evaluation!));
      expect(evaluation.task === 'classification' && evaluation.accuracy).toBeGreaterThanOrEqual(0.9);

      const gone = trainingSettings('classifier-compact', classes.labelIds, {
        pretrained: { kind: 'model', modelId: 'no-such-model' },
      });
      const failed = await train(classes.id, gone);
      expect(failed.outcome).toBe('failed');
      expect(await row(failed.id)).toMatchObject({ status: 'failed', error: 'base_model_invalid' });
    },
    SLOW,
  );
});
