import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREDICT_IMAGE_MAX_BYTES, predictResponseSchema } from '../../contract/apiPredict';
import { readModelZip } from '../../ml/modelZip';
import { manifestDecodeOptions } from '../../ml/predict';
import { initTf } from '../../ml/runtime';
import { toServedPredictions } from '../../ml/servedPredictions';
import { RED_DETECTOR_GRID, RED_DETECTOR_INPUT, redSquareDetectorZip } from '../../ml/testing/redSquareDetector';
import { createApp } from '../app';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { POINT_PREPARE_JOB } from '../deploy/deployJobKinds';
import { newPointKey } from '../deploy/secrets';
import { WebPointServing } from '../deploy/serving/webPointServing';
import { createJobHandlers } from '../jobs/jobHandlers';
import { JobQueue } from '../jobs/jobQueue';
import { JobRunner } from '../jobs/jobRunner';
import { OutboxMailer } from '../mail/OutboxMailer';
import { projectRow } from '../test/fixtures/testRows';
import { createTestApp, type TestApp } from '../test/testApp';

/*
 * The web point's predict endpoint against a real model (the red-square detector, whose right
 * answer is known) served from the inference threads, after a real `point.prepare` job.
 */

let t: TestApp;
let app: ReturnType<typeof createApp>;
let serving: WebPointServing;
let blobs: LocalBlobStore;
let runner: JobRunner;
let queue: JobQueue;
let projectId: string;
let modelZip: Uint8Array;
let modelId: string;
let png: Buffer;

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

async function insertModel(bytes: Uint8Array, tag: string | null): Promise<{ id: string; version: string }> {
  const version = await blobs.put(bytes);
  const id = randomUUID();
  const manifest = { labels: [{ name: 'red', color: '#e53935' }] };
  await t.database.db
    .insertInto('models')
    .values({
      id,
      project_id: projectId,
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

async function prepare(pointId: string) {
  await queue.enqueue({ kind: POINT_PREPARE_JOB, projectId, payload: { pointId } });
  while (await runner.runOnce()) {
    /* until the queue is empty */
  }
}

function predict(pointId: string, key: string | null, init: { body?: BodyInit; type?: string } = {}, query = '') {
  const headers: Record<string, string> = {};
  if (key) headers.Authorization = `Bearer ${key}`;
  if (init.type) headers['Content-Type'] = init.type;
  return app.request(`/api/v1/points/${pointId}/predict${query}`, { method: 'POST', headers, body: init.body });
}

const rawPng = () => ({ body: new Uint8Array(png), type: 'image/png' });

async function errorOf(res: Response): Promise<{ status: number; code: string }> {
  const body = (await res.json()) as { error: { code: string } };
  return { status: res.status, code: body.error.code };
}

beforeAll(async () => {
  await initTf();
  t = await createTestApp();
  blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
  serving = new WebPointServing({
    db: t.database.db,
    blobs,
    now: t.clock.now,
    threads: 2,
    modelsPerThread: 2,
    source: 'api:test',
  });
  app = createApp({
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
  queue = new JobQueue(t.database.db, t.database.dialect, t.clock.now);
  runner = new JobRunner(
    queue,
    createJobHandlers({ db: t.database.db, blobs, tmpRoot: path.join(t.dataDir, 'tmp'), now: t.clock.now, serving }, [
      'serving',
    ]),
    { log: () => {} },
  );
  projectId = randomUUID();
  await t.database.db
    .insertInto('projects')
    .values(projectRow(t.clock.now().toISOString(), { id: projectId }))
    .execute();
  modelZip = await redSquareDetectorZip('red');
  modelId = (await insertModel(modelZip, 'v1')).id;
  png = await redSquarePng();
}, 60_000);

afterAll(async () => {
  await serving.close();
  expect(serving.threadCount).toBe(0);
  await t.close();
});

describe('point.prepare', () => {
  it('warms the model up, then the point runs and its deployment succeeded', async () => {
    const { pointId, deploymentId } = await webPoint(modelId);
    await prepare(pointId);
    const point = await t.database.db
      .selectFrom('points')
      .selectAll()
      .where('id', '=', pointId)
      .executeTakeFirstOrThrow();
    expect(point.instance_state).toBe('running');
    expect(point.prepared_at).not.toBeNull();
    expect(point.version).toBe(await blobs.put(modelZip));
    const target = await t.database.db
      .selectFrom('deployment_targets')
      .selectAll()
      .where('deployment_id', '=', deploymentId)
      .executeTakeFirstOrThrow();
    expect(target.state).toBe('succeeded');
    expect(serving.threadCount).toBeGreaterThan(0);
  });

  it('fails the point and its deployment with model_unreadable for a zip that does not load', async () => {
    const broken = await insertModel(new TextEncoder().encode(`not a zip ${randomUUID()}`), null);
    const { pointId, deploymentId } = await webPoint(broken.id);
    await prepare(pointId);
    const point = await t.database.db
      .selectFrom('points')
      .selectAll()
      .where('id', '=', pointId)
      .executeTakeFirstOrThrow();
    expect(point.instance_state).toBe('failed');
    expect(point.instance_error).toBeTruthy();
    const target = await t.database.db
      .selectFrom('deployment_targets')
      .selectAll()
      .where('deployment_id', '=', deploymentId)
      .executeTakeFirstOrThrow();
    expect([target.state, target.error]).toEqual(['failed', 'model_unreadable']);
    expect(await errorOf(await predict(pointId, await keyOf(pointId), rawPng()))).toEqual({
      status: 503,
      code: 'point_unavailable',
    });
  });
});

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

describe('POST v1/points/:pointId/predict', () => {
  it('answers the same predictions for multipart, base64 JSON, a data URL and raw bytes, equal to the model run in process', async () => {
    const { pointId, key } = await webPoint(modelId);
    await prepare(pointId);
    const loaded = await readModelZip(modelZip);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = await loaded.predict(
      { width: info.width, height: info.height, data: new Uint8Array(data) },
      manifestDecodeOptions(loaded.manifest),
    );
    loaded.dispose();
    const expected = toServedPredictions(raw, ['red'], info.width, info.height);
    expect(expected).toHaveLength(1);
    expect(expected[0]!.box).toEqual({ x: 32, y: 60, width: 16, height: 20 });

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'red.png');
    const base64 = png.toString('base64');
    const answers = [
      await predict(pointId, key, { body: form }),
      await predict(pointId, key, { body: JSON.stringify({ image: base64 }), type: 'application/json' }),
      await predict(pointId, key, {
        body: JSON.stringify({ image: `data:image/png;base64,${base64}` }),
        type: 'application/json',
      }),
      await predict(pointId, key, rawPng()),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      const body = predictResponseSchema.parse(await res.json());
      expect(body.predictions).toEqual(expected);
      expect(body.model).toEqual({ id: modelId, tag: 'v1' });
      expect(body.version).toBe(await blobs.put(modelZip));
    }
    const filtered = await predict(pointId, key, rawPng(), `?threshold=${Math.min(1, expected[0]!.score + 0.0001)}`);
    expect(predictResponseSchema.parse(await filtered.json()).predictions).toEqual([]);
    const key1 = await t.database.db
      .selectFrom('point_keys')
      .select('last_used_at')
      .where('point_id', '=', pointId)
      .where('name', '=', 'test')
      .executeTakeFirstOrThrow();
    expect(key1.last_used_at).toBe(t.clock.now().toISOString());
  }, 60_000);

  it('refuses missing, unknown, revoked and foreign keys without writing anything', async () => {
    const a = await webPoint(modelId);
    const b = await webPoint(modelId);
    await prepare(a.pointId);
    const revoked = await keyOf(a.pointId);
    await t.database.db
      .updateTable('point_keys')
      .set({ revoked_at: t.clock.now().toISOString() })
      .where('point_id', '=', a.pointId)
      .where('name', '=', 'second')
      .execute();
    const unknown = a.key.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect(await errorOf(await predict(a.pointId, null, rawPng()))).toEqual({ status: 401, code: 'point_key_invalid' });
    expect(await errorOf(await predict(a.pointId, 'not-a-key', rawPng()))).toEqual({
      status: 401,
      code: 'point_key_invalid',
    });
    expect(await errorOf(await predict(a.pointId, unknown, rawPng()))).toEqual({
      status: 401,
      code: 'point_key_invalid',
    });
    expect(await errorOf(await predict(a.pointId, revoked, rawPng()))).toEqual({
      status: 401,
      code: 'point_key_invalid',
    });
    expect(await errorOf(await predict(a.pointId, b.key, rawPng()))).toEqual({ status: 403, code: 'forbidden' });
    await serving.metrics.flush();
    const db = t.database.db;
    const usage = await db
      .selectFrom('point_key_usage')
      .selectAll()
      .where('key_id', 'in', [a.keyId, b.keyId])
      .execute();
    const metrics = await db
      .selectFrom('point_metrics')
      .selectAll()
      .where('point_id', 'in', [a.pointId, b.pointId])
      .execute();
    const used = await db
      .selectFrom('point_keys')
      .select('last_used_at')
      .where('point_id', 'in', [a.pointId, b.pointId])
      .execute();
    expect([usage, metrics, used.filter((k) => k.last_used_at !== null)]).toEqual([[], [], []]);
  });

  it('limits a key to its requests a minute with 429 and Retry-After to the next minute', async () => {
    const { pointId, key } = await webPoint(modelId, 2);
    await prepare(pointId);
    expect((await predict(pointId, key, rawPng())).status).toBe(200);
    expect((await predict(pointId, key, rawPng())).status).toBe(200);
    const refused = await predict(pointId, key, rawPng());
    const body = (await refused.json()) as { error: { code: string; retryAfterS: number } };
    const toNextMinute = Math.ceil((60_000 - (t.clock.now().getTime() % 60_000)) / 1000);
    expect([refused.status, body.error.code]).toEqual([429, 'rate_limited']);
    expect(refused.headers.get('Retry-After')).toBe(String(Math.max(1, toNextMinute)));
    expect(body.error.retryAfterS).toBe(Math.max(1, toNextMinute));
    t.clock.advance(60);
    expect((await predict(pointId, key, rawPng())).status).toBe(200);
  }, 60_000);

  it('refuses a missing, undecodable or too large image', async () => {
    const { pointId, key } = await webPoint(modelId);
    await prepare(pointId);
    const json = (body: unknown) => ({ body: JSON.stringify(body), type: 'application/json' });
    expect(await errorOf(await predict(pointId, key))).toEqual({ status: 400, code: 'image_missing' });
    expect(await errorOf(await predict(pointId, key, json({})))).toEqual({ status: 400, code: 'image_missing' });
    expect(await errorOf(await predict(pointId, key, { body: new FormData() }))).toEqual({
      status: 400,
      code: 'image_missing',
    });
    expect(
      await errorOf(await predict(pointId, key, { body: new Uint8Array([1, 2, 3, 4]), type: 'image/png' })),
    ).toEqual({ status: 400, code: 'image_invalid' });
    expect(await errorOf(await predict(pointId, key, json({ image: 'not base64!' })))).toEqual({
      status: 400,
      code: 'image_invalid',
    });
    expect(
      await errorOf(await predict(pointId, key, json({ image: png.subarray(0, 100).toString('base64') }))),
    ).toEqual({ status: 400, code: 'image_invalid' });
    const large = new Uint8Array(PREDICT_IMAGE_MAX_BYTES + 1);
    large.set(png);
    expect(await errorOf(await predict(pointId, key, { body: large, type: 'image/png' }))).toEqual({
      status: 413,
      code: 'payload_too_large',
    });
  }, 60_000);

  it('answers 503 while stopped and 404 once deleted', async () => {
    const { pointId, key } = await webPoint(modelId);
    await prepare(pointId);
    const db = t.database.db;
    await db.updateTable('points').set({ instance_state: 'stopped' }).where('id', '=', pointId).execute();
    expect(await errorOf(await predict(pointId, key, rawPng()))).toEqual({ status: 503, code: 'point_unavailable' });
    await db.updateTable('points').set({ deleted_at: t.clock.now().toISOString() }).where('id', '=', pointId).execute();
    expect(await errorOf(await predict(pointId, key, rawPng()))).toEqual({ status: 404, code: 'not_found' });
  });

  it('counts requests, errors and predicted labels in the point metrics after a flush', async () => {
    const { pointId, key } = await webPoint(modelId);
    await prepare(pointId);
    expect((await predict(pointId, key, rawPng())).status).toBe(200);
    expect((await predict(pointId, key, rawPng())).status).toBe(200);
    expect((await predict(pointId, key, { body: new Uint8Array([9]), type: 'image/png' })).status).toBe(400);
    await serving.metrics.flush();
    const rows = await t.database.db.selectFrom('point_metrics').selectAll().where('point_id', '=', pointId).execute();
    expect(rows.map((r) => [r.source, r.requests, r.errors, JSON.parse(r.class_counts) as unknown])).toEqual([
      ['api:test', 3, 1, { red: 2 }],
    ]);
    const latency = JSON.parse(rows[0]!.latency) as number[];
    expect(latency.reduce((a, b) => a + b, 0)).toBe(3);
  }, 60_000);
});
