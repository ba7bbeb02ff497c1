import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { initTf } from '../../../ml/runtime';
import { RED_DETECTOR_GRID, RED_DETECTOR_INPUT, redSquareDetectorZip } from '../../../ml/testing/redSquareDetector';
import { createApp } from '../../app';
import { LocalBlobStore } from '../../blobs/LocalBlobStore';
import { createJobHandlers } from '../../jobs/jobHandlers';
import { JobQueue } from '../../jobs/jobQueue';
import { JobRunner } from '../../jobs/jobRunner';
import { OutboxMailer } from '../../mail/OutboxMailer';
import { projectRow } from '../../test/fixtures/testRows';
import { createTestApp, type TestApp } from '../../test/testApp';
import { POINT_PREPARE_JOB } from '../deployJobKinds';
import { newPointKey } from '../secrets';
import { WebPointServing } from './webPointServing';

/*
 * What the predict tests share: a test app whose serving (two inference threads) the test owns
 * and closes, a job runner for `point.prepare`, a project with a real model (the red-square
 * detector, whose right answer is known), and web points with keys made as rows.
 */

export type ServingKit = Awaited<ReturnType<typeof createServingKit>>;

/** A black 128 × 160 image with one red square filling grid cell (column 2, row 3). */
async function redSquarePng(): Promise<Buffer> {
  const width = RED_DETECTOR_INPUT;
  const height = 160;
  const cell = RED_DETECTOR_INPUT / RED_DETECTOR_GRID;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 3 * cell * (height / width); y < 4 * cell * (height / width); y++)
    for (let x = 2 * cell; x < 3 * cell; x++) data[(Math.floor(y) * width + x) * 3] = 255;
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function createServingKit() {
  await initTf();
  const t: TestApp = await createTestApp();
  const blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
  const serving = new WebPointServing({
    db: t.database.db,
    blobs,
    now: t.clock.now,
    threads: 2,
    modelsPerThread: 2,
    source: 'api:test',
  });
  const app = createApp({
    env: t.config,
    deps: {
      db: t.database.db,
      dialect: t.database.dialect,
      blobs,
      mailer: new OutboxMailer(path.join(t.dataDir, 'outbox')),
      now: t.clock.now,
      serving,
    },
  });
  const queue = new JobQueue(t.database.db, t.database.dialect, t.clock.now);
  const runner = new JobRunner(
    queue,
    createJobHandlers({ db: t.database.db, blobs, tmpRoot: path.join(t.dataDir, 'tmp'), now: t.clock.now, serving }, [
      'serving',
    ]),
    { log: () => {} },
  );
  const projectId = randomUUID();
  await t.database.db
    .insertInto('projects')
    .values(projectRow(t.clock.now().toISOString(), { id: projectId }))
    .execute();

  async function insertModel(
    bytes: Uint8Array,
    tag: string | null,
    project: string = projectId,
  ): Promise<{ id: string; version: string }> {
    const version = await blobs.put(bytes);
    const id = randomUUID();
    const manifest = { labels: [{ name: 'red', color: '#e53935' }] };
    await t.database.db
      .insertInto('models')
      .values({
        id,
        project_id: project,
        training_id: null,
        tag,
        task: 'detection',
        network: 'detector-compact',
        backbone: 'mobilenet-v2',
        input_size: RED_DETECTOR_INPUT,
        labels: JSON.stringify(manifest.labels),
        manifest: JSON.stringify(manifest),
        source: 'uploaded',
        blob_key: version,
        bytes: bytes.byteLength,
        created_by: null,
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    return { id, version };
  }

  /** A pending deployment of `model` to the point (as the console's deploy makes one). */
  async function deploy(pointId: string, model: string): Promise<string> {
    const db = t.database.db;
    const now = t.clock.now().toISOString();
    const modelRow = await db.selectFrom('models').select('blob_key').where('id', '=', model).executeTakeFirstOrThrow();
    const deploymentId = randomUUID();
    await db
      .insertInto('deployments')
      .values({
        id: deploymentId,
        project_id: projectId,
        model_id: model,
        version: modelRow.blob_key,
        created_by: null,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('deployment_targets')
      .values({ deployment_id: deploymentId, point_id: pointId, created_at: now, updated_at: now })
      .execute();
    return deploymentId;
  }

  /** A point's row and the state of one of its deployments. */
  async function stateOf(pointId: string, deploymentId: string) {
    const db = t.database.db;
    const point = await db.selectFrom('points').selectAll().where('id', '=', pointId).executeTakeFirstOrThrow();
    const target = await db
      .selectFrom('deployment_targets')
      .selectAll()
      .where('deployment_id', '=', deploymentId)
      .where('point_id', '=', pointId)
      .executeTakeFirstOrThrow();
    return { point, target };
  }

  /** A web point 'preparing' its model with a pending deployment, and a key of it. */
  async function webPoint(
    model: string,
    rate = 600,
  ): Promise<{ pointId: string; key: string; keyId: string; deploymentId: string }> {
    const now = t.clock.now().toISOString();
    const pointId = randomUUID();
    const db = t.database.db;
    await db
      .insertInto('points')
      .values({
        id: pointId,
        project_id: projectId,
        kind: 'web',
        name: 'web',
        model_id: model,
        server_type: 'local',
        cloud_type: 'none',
        instance_type: 'local-2',
        instance_state: 'preparing',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const deploymentId = await deploy(pointId, model);
    const k = newPointKey();
    await db
      .insertInto('point_keys')
      .values({
        id: k.keyId,
        point_id: pointId,
        name: 'test',
        prefix: k.prefix,
        secret_hash: k.secretHash,
        rate_per_minute: rate,
        created_by: null,
        created_at: now,
      })
      .execute();
    return { pointId, key: k.key, keyId: k.keyId, deploymentId };
  }

  async function keyOf(pointId: string): Promise<string> {
    // A second key of the point, made here because only a key's hash is stored.
    const k = newPointKey();
    const now = t.clock.now().toISOString();
    await t.database.db
      .insertInto('point_keys')
      .values({
        id: k.keyId,
        point_id: pointId,
        name: 'second',
        prefix: k.prefix,
        secret_hash: k.secretHash,
        rate_per_minute: 600,
        created_by: null,
        created_at: now,
      })
      .execute();
    return k.key;
  }

  async function runJobs() {
    while (await runner.runOnce()) {
      /* until the queue is empty */
    }
  }

  const modelZip = await redSquareDetectorZip('red');
  const model = await insertModel(modelZip, 'v1');
  const png = await redSquarePng();

  return {
    t,
    serving,
    blobs,
    projectId,
    modelZip,
    modelId: model.id,
    version: model.version,
    png,
    insertModel,
    webPoint,
    deploy,
    stateOf,
    keyOf,
    /** Runs the point's `point.prepare` job (and any other queued). */
    async prepare(pointId: string) {
      await queue.enqueue({ kind: POINT_PREPARE_JOB, projectId, payload: { pointId } });
      await runJobs();
    },
    /** Runs the queued `point.prepare` jobs (those the console API queued). */
    runJobs,
    predict(pointId: string, key: string | null, init: { body?: BodyInit; type?: string } = {}, query = '') {
      const headers: Record<string, string> = {};
      if (key) headers.Authorization = `Bearer ${key}`;
      if (init.type) headers['Content-Type'] = init.type;
      return app.request(`/api/v1/points/${pointId}/predict${query}`, { method: 'POST', headers, body: init.body });
    },
    request: (url: string, init: RequestInit) => app.request(url, init),
    rawPng: () => ({ body: new Uint8Array(png), type: 'image/png' }),
    async close() {
      await serving.close();
      await t.close();
    },
  };
}

export async function errorOf(res: Response): Promise<{ status: number; code: string }> {
  const body = (await res.json()) as { error: { code: string } };
  return { status: res.status, code: body.error.code };
}
