import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MODEL_UPLOAD_MAX_BYTES,
  assistModelSchema,
  modelListSchema,
  modelSchema,
  type ModelManifest,
} from '../../contract/apiModels';
import { writeModelZip } from '../../ml/modelZip';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { readBodyWithLimit } from '../training/modelUpload';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { insertOnlineTrainer } from '../training/trainerTestKit';

let t: TestApp;
let blobs: LocalBlobStore;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
  admin = await createTestUser(t, { name: 'Ada' });
  member = await createTestUser(t, { name: 'Mia' });
  worker = await createTestUser(t);
});
afterAll(() => t.close());

const newProject = (
  title = 'Road signs',
  subtype: 'IMAGE_OBJECT_DETECTION' | 'IMAGE_CLASSIFICATION' = 'IMAGE_OBJECT_DETECTION',
) =>
  seedProject(t, {
    title,
    subtype,
    members: [
      { user: admin, role: 'admin' },
      { user: member, role: 'member' },
      { user: worker, role: 'worker' },
    ],
    labels: ['car', 'dog'],
  });

const manifestOf = (labels: string[], over: Partial<ModelManifest> = {}): ModelManifest => ({
  format: 'maru-model',
  version: 1,
  task: 'detection',
  network: 'detector-compact',
  backbone: 'mobilenet-v2',
  inputSize: 256,
  labels: labels.map((name) => ({ name, color: '#112233' })),
  preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1 / 255, offset: 0 },
  detection: { encoding: 'center-grid-v1', gridSize: 8, scoreThreshold: 0.4, nmsIou: 0.5, maxDetections: 100 },
  metrics: { map50: 0.71 },
  createdAt: new Date().toISOString(),
  trainingId: null,
  tag: null,
  ...over,
});

/** A trained model's row and zip bytes, as the trainer stores them. */
async function storedModel(projectId: string, labels: Record<string, string>, tag: string | null = 'v1') {
  const bytes = new TextEncoder().encode(`zip bytes of ${randomUUID()}`);
  const blobKey = await blobs.put(bytes);
  const id = randomUUID();
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
      input_size: 256,
      labels: JSON.stringify([{ id: labels.car, name: 'car', color: '#112233' }]),
      metrics: JSON.stringify({ map50: 0.7, map5095: 0.4 }),
      manifest: JSON.stringify(manifestOf(['car'])),
      source: 'trained',
      blob_key: blobKey,
      bytes: bytes.byteLength,
      created_by: member.id,
      created_at: t.clock.now().toISOString(),
    })
    .execute();
  t.clock.advance(1);
  return { id, bytes };
}

describe('models: list, one, tag, delete', () => {
  it('lists newest first with metrics, labels, creator and the assist flag', async () => {
    const p = await newProject();
    const a = await storedModel(p.id, p.labels, 'first');
    const b = await storedModel(p.id, p.labels, null);
    await t.database.db.updateTable('projects').set({ assist_model_id: a.id }).where('id', '=', p.id).execute();
    const res = await as(t, member, 'GET', `projects/${p.id}/models`);
    expect(res.status).toBe(200);
    const list = modelListSchema.parse(res.body);
    expect(list.items.map((m) => [m.id, m.tag, m.assist])).toEqual([
      [b.id, null, false],
      [a.id, 'first', true],
    ]);
    expect(list.items[1]).toMatchObject({
      task: 'detection',
      inputSize: 256,
      metrics: { map50: 0.7, map5095: 0.4 },
      labels: [{ id: p.labels.car, name: 'car' }],
      source: 'trained',
      bytes: a.bytes.byteLength,
      createdBy: { id: member.id, name: 'Mia' },
    });
    const one = await as(t, admin, 'GET', `projects/${p.id}/models/${a.id}`);
    expect(modelSchema.parse(one.body).id).toBe(a.id);
    expect((await as(t, worker, 'GET', `projects/${p.id}/models`)).status).toBe(403);
    expect((await as(t, worker, 'GET', `projects/${p.id}/models/${a.id}`)).status).toBe(403);
    const other = await newProject();
    expect((await as(t, admin, 'GET', `projects/${other.id}/models/${a.id}`)).status).toBe(404);
  });

  it('renames the tag (trimmed, empty clears it, over 20 characters refused)', async () => {
    const p = await newProject();
    const m = await storedModel(p.id, p.labels);
    const put = (tag: unknown, user = member) => as(t, user, 'PUT', `projects/${p.id}/models/${m.id}`, { tag });
    expect((await put('  best ')).body.tag).toBe('best');
    expect((await put('')).body.tag).toBeNull();
    const long = await put('x'.repeat(21));
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('validation');
    expect((await put('w', worker)).status).toBe(403);
    expect((await as(t, member, 'PUT', `projects/${p.id}/models/nope`, { tag: 'x' })).status).toBe(404);
  });

  it('deletes (admins only) and clears the assist model that pointed at it', async () => {
    const p = await newProject();
    const m = await storedModel(p.id, p.labels);
    expect((await as(t, member, 'PUT', `projects/${p.id}/assist-model`, { modelId: m.id })).status).toBe(200);
    expect((await as(t, member, 'DELETE', `projects/${p.id}/models/${m.id}`)).status).toBe(403);
    expect((await as(t, admin, 'DELETE', `projects/${p.id}/models/${m.id}`)).status).toBe(204);
    expect((await as(t, admin, 'GET', `projects/${p.id}/models/${m.id}`)).status).toBe(404);
    expect((await as(t, worker, 'GET', `projects/${p.id}/assist-model`)).body).toEqual({ model: null });
    expect((await as(t, admin, 'DELETE', `projects/${p.id}/models/${m.id}`)).status).toBe(404);
  });
});

describe('download', () => {
  it('sends the zip as an attachment named after the project and tag, with its length', async () => {
    const p = await newProject('도로 표지판 "A"');
    const m = await storedModel(p.id, p.labels, 'v1');
    const res = await t.app.request(`/api/projects/${p.id}/models/${m.id}/download`, {
      headers: { Authorization: member.auth },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Length')).toBe(String(m.bytes.byteLength));
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="__ ___ _A_-v1.zip"; filename*=UTF-8''${encodeURIComponent('도로 표지판 _A_-v1.zip')}`,
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(m.bytes);

    const untagged = await storedModel(p.id, p.labels, null);
    const plain = await t.app.request(`/api/projects/${p.id}/models/${untagged.id}/download`, {
      headers: { Authorization: admin.auth },
    });
    expect(plain.headers.get('Content-Disposition')).toContain(`-${untagged.id}.zip"`);
    await plain.arrayBuffer();
  });

  it('lets a worker download the assist model only', async () => {
    const p = await newProject();
    const assist = await storedModel(p.id, p.labels);
    const other = await storedModel(p.id, p.labels);
    await as(t, admin, 'PUT', `projects/${p.id}/assist-model`, { modelId: assist.id });
    const get = (id: string, user: TestUser) =>
      t.app.request(`/api/projects/${p.id}/models/${id}/download`, { headers: { Authorization: user.auth } });
    const ok = await get(assist.id, worker);
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    expect((await get(other.id, worker)).status).toBe(403);
    const outsider = await createTestUser(t);
    expect((await get(assist.id, outsider)).status).toBe(404);
  });
});

describe('assist model', () => {
  it('members choose it, workers read it, another project’s model is refused', async () => {
    const p = await newProject();
    const m = await storedModel(p.id, p.labels);
    expect((await as(t, worker, 'GET', `projects/${p.id}/assist-model`)).body).toEqual({ model: null });
    const set = await as(t, member, 'PUT', `projects/${p.id}/assist-model`, { modelId: m.id });
    expect(set.status).toBe(200);
    expect(assistModelSchema.parse(set.body).model).toMatchObject({ id: m.id, assist: true });
    const read = await as(t, worker, 'GET', `projects/${p.id}/assist-model`);
    expect(read.body.model).toMatchObject({ id: m.id, assist: true });
    expect((await as(t, worker, 'PUT', `projects/${p.id}/assist-model`, { modelId: null })).status).toBe(403);

    const other = await newProject();
    const foreign = await storedModel(other.id, other.labels);
    expect((await as(t, member, 'PUT', `projects/${p.id}/assist-model`, { modelId: foreign.id })).status).toBe(404);
    expect((await as(t, member, 'PUT', `projects/${p.id}/assist-model`, { modelId: null })).body).toEqual({
      model: null,
    });
  });
});

describe('auto labels', () => {
  it('queues a job and its run row with the same id; 503 without a trainer; workers 403', async () => {
    const p = await newProject();
    const m = await storedModel(p.id, p.labels);
    const body = { modelId: m.id, threshold: 0.5 };
    const none = await as(t, member, 'POST', `projects/${p.id}/auto-labels`, body);
    expect(none.status).toBe(503);
    expect(none.body.error.code).toBe('trainer_unavailable');
    await insertOnlineTrainer(t);
    expect((await as(t, worker, 'POST', `projects/${p.id}/auto-labels`, body)).status).toBe(403);
    expect(
      (await as(t, member, 'POST', `projects/${p.id}/auto-labels`, { modelId: 'nope', threshold: 0.5 })).status,
    ).toBe(404);
    expect((await as(t, member, 'POST', `projects/${p.id}/auto-labels`, { modelId: m.id, threshold: 1 })).status).toBe(
      400,
    );

    const res = await as(t, member, 'POST', `projects/${p.id}/auto-labels`, { ...body, limit: 50 });
    expect(res.status).toBe(202);
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', res.body.jobId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ kind: 'model.autolabel', project_id: p.id, state: 'queued' });
    expect(JSON.parse(job.payload)).toEqual({ modelId: m.id, threshold: 0.5, limit: 50 });
    const run = await as(t, member, 'GET', `projects/${p.id}/auto-labels/${res.body.jobId}`);
    expect(run.body).toEqual({
      jobId: res.body.jobId,
      state: 'queued',
      progress: 0,
      images: 0,
      labeledImages: 0,
      annotations: 0,
      error: null,
    });

    // A job that failed for good before its handler wrote the row reads as failed.
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'failed', error: 'The worker stopped responding.' })
      .where('id', '=', job.id)
      .execute();
    const failed = await as(t, member, 'GET', `projects/${p.id}/auto-labels/${res.body.jobId}`);
    expect(failed.body).toMatchObject({ state: 'failed', error: 'The worker stopped responding.' });
    expect((await as(t, member, 'GET', `projects/${p.id}/auto-labels/nope`)).status).toBe(404);
    await t.database.db.deleteFrom('trainers').execute();
  });
});

describe('upload', () => {
  /** A real model zip: a tiny network whose output fits the manifest (the check loads it). */
  async function goodZip(labels: string[], over: Partial<ModelManifest> = {}) {
    const model = tf.sequential({
      layers: [
        tf.layers.globalAveragePooling2d({ inputShape: [32, 32, 3] }),
        tf.layers.dense({ units: labels.length, activation: 'softmax' }),
      ],
    });
    const manifest = manifestOf(labels, {
      task: 'classification',
      network: 'classifier-compact',
      inputSize: 32,
      detection: null,
      metrics: { accuracy: 0.93 },
      tag: 'from zip',
      ...over,
    });
    const zip = await writeModelZip(model, manifest);
    model.dispose();
    return zip;
  }

  const upload = async (projectId: string, body: Uint8Array | string, query = '', user = member) => {
    const res = await t.app.request(`/api/projects/${projectId}/models${query}`, {
      method: 'POST',
      headers: { Authorization: user.auth, 'Content-Type': 'application/zip' },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by the assertions
    return { status: res.status, body: JSON.parse(await res.text()) as any };
  };

  const classification = () => newProject('Pets', 'IMAGE_CLASSIFICATION');

  it('stores a valid zip: labels matched to the project by name, metrics and tag from the manifest or the query', async () => {
    const p = await classification();
    const zip = await goodZip(['Dog ', 'car']);
    const res = await upload(p.id, zip);
    expect(res.status).toBe(201);
    const model = modelSchema.parse(res.body);
    expect(model).toMatchObject({
      source: 'uploaded',
      task: 'classification',
      network: 'classifier-compact',
      inputSize: 32,
      tag: 'from zip',
      metrics: { accuracy: 0.93 },
      bytes: zip.byteLength,
      trainingId: null,
      createdBy: { id: member.id, name: 'Mia' },
      labels: [
        { id: p.labels.dog, name: 'dog' },
        { id: p.labels.car, name: 'car' },
      ],
    });
    const tagged = await upload(p.id, zip, '?tag=mine');
    expect(tagged.body.tag).toBe('mine');
    const download = await t.app.request(`/api/projects/${p.id}/models/${model.id}/download`, {
      headers: { Authorization: member.auth },
    });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(zip);
  });

  it('refuses what is not a model zip with model_invalid and its code, storing nothing', async () => {
    const p = await classification();
    const refused = async (body: Uint8Array | string, code: string) => {
      const res = await upload(p.id, body);
      expect(res.status, code).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'model_invalid', modelError: code });
    };
    await refused('definitely not a zip', 'model_not_zip');
    await refused(zipSync({ 'model.json': strToU8('{}') }), 'model_manifest_missing');
    await refused(zipSync({ 'manifest.json': strToU8('{"format":"other"}') }), 'model_manifest_invalid');
    await refused(
      zipSync({ 'manifest.json': strToU8(JSON.stringify(manifestOf(['car']))) }),
      'model_task_mismatch', // a detector for a classification project
    );
    const classifierManifest = manifestOf(['car'], {
      task: 'classification',
      network: 'classifier-compact',
      inputSize: 32,
      detection: null,
    });
    await refused(zipSync({ 'manifest.json': strToU8(JSON.stringify(classifierManifest)) }), 'model_files_missing');
    await refused(await goodZip(['car', 'horse']), 'model_labels_unknown');
    // A model whose output does not have one value per label.
    const good = unzipSync(await goodZip(['car', 'dog']));
    const threeLabels = manifestOf(['car', 'dog', 'Car'], {
      task: 'classification',
      network: 'classifier-compact',
      inputSize: 32,
      detection: null,
    });
    await refused(zipSync({ ...good, 'manifest.json': strToU8(JSON.stringify(threeLabels)) }), 'model_output_mismatch');
    await refused(zipSync({ ...good, 'weights.bin': good['weights.bin']!.slice(0, 10) }), 'model_weights_invalid');

    const seg = await seedProject(t, {
      subtype: 'IMAGE_SEGMENTATION',
      members: [{ user: member, role: 'member' }],
      labels: ['car', 'dog'],
    });
    const segRes = await upload(seg.id, await goodZip(['car', 'dog']));
    expect(segRes.body.error).toMatchObject({ code: 'model_invalid', modelError: 'model_task_mismatch' });
    expect((await as(t, member, 'GET', `projects/${p.id}/models`)).body.items).toEqual([]);
  });

  it('refuses a body over the limit with 413, a long tag with 400, and workers with 403', async () => {
    const p = await classification();
    const res = await t.app.request(`/api/projects/${p.id}/models`, {
      method: 'POST',
      headers: {
        Authorization: member.auth,
        'Content-Type': 'application/zip',
        'Content-Length': String(MODEL_UPLOAD_MAX_BYTES + 1),
      },
      body: new Uint8Array(10),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
    await expect(readBodyWithLimit(new Blob([new Uint8Array(2000)]).stream(), undefined, 1000)).rejects.toMatchObject({
      code: 'payload_too_large',
    });
    expect((await upload(p.id, 'x', `?tag=${'t'.repeat(21)}`)).status).toBe(400);
    expect((await upload(p.id, await goodZip(['car']), '', worker)).status).toBe(403);
  });
});
