import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { trainingEventStream } from '../training/trainingEvents';
import { QueryCounter } from '../test/QueryCounter';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { trainingRouteKit } from '../test/trainingRouteKit';

/* Training routes after creation: stop, the live event stream, test predictions (trainings.test.ts: create, preview, trainers). */

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Ada' });
  member = await createTestUser(t, { name: 'Mia' });
  worker = await createTestUser(t);
});
afterAll(() => t.close());

const { countRows, queuedTraining } = trainingRouteKit(
  () => t,
  () => ({ admin, member, worker }),
);

describe('stop', () => {
  it('stops a queued training at once and removes its job; a second stop is 409', async () => {
    const { projectId, trainingId } = await queuedTraining();
    const res = await as(t, member, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'stopped', stopRequested: true });
    expect(res.body.endedAt).not.toBeNull();
    expect(await countRows(projectId)).toEqual({ trainings: 1, jobs: 0 });
    const again = await as(t, member, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('training_finished');
  });

  it('asks a running training to stop and leaves its job to the trainer', async () => {
    const { projectId, trainingId } = await queuedTraining();
    await t.database.db
      .updateTable('trainings')
      .set({ status: 'running', step: 'learning' })
      .where('id', '=', trainingId)
      .execute();
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'running', worker: 'w' })
      .where('project_id', '=', projectId)
      .execute();
    const res = await as(t, admin, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'running', stopRequested: true, endedAt: null });
    expect(await countRows(projectId)).toEqual({ trainings: 1, jobs: 1 });
    expect((await as(t, worker, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`)).status).toBe(403);
    expect((await as(t, admin, 'POST', `projects/${projectId}/trainings/nope/stop`)).status).toBe(404);
  });

  it('a queued training whose job a trainer just leased only gets the request', async () => {
    const { projectId, trainingId } = await queuedTraining();
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'running', worker: 'w' })
      .where('project_id', '=', projectId)
      .execute();
    const res = await as(t, admin, 'POST', `projects/${projectId}/trainings/${trainingId}/stop`);
    expect(res.body).toMatchObject({ status: 'queued', stopRequested: true });
  });
});

/** Reads server-sent events from a response body until it ends or `until` is satisfied. */
async function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<{ event: string; data: string } | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        return { event, data };
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { next, cancel: () => reader.cancel() };
}

describe('events', () => {
  it('sends the training, each change, and ends after a final status', async () => {
    const { projectId, trainingId } = await queuedTraining();
    const res = await t.app.request(`/api/projects/${projectId}/trainings/${trainingId}/events`, {
      headers: { Authorization: member.auth },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(res.body!);
    const first = await events.next();
    expect(first?.event).toBe('training');
    expect(JSON.parse(first!.data)).toMatchObject({ id: trainingId, status: 'queued', progress: 0, evaluation: null });

    const later = new Date(Date.now() + 1000).toISOString();
    await t.database.db
      .updateTable('trainings')
      .set({ status: 'running', step: 'learning', progress: 0.4, epoch: 2, loss: 0.5, updated_at: later })
      .where('id', '=', trainingId)
      .execute();
    const second = await events.next();
    expect(JSON.parse(second!.data)).toMatchObject({
      status: 'running',
      step: 'learning',
      progress: 0.4,
      epoch: 2,
      loss: 0.5,
    });

    await t.database.db
      .updateTable('trainings')
      .set({
        status: 'completed',
        step: 'completed',
        progress: 1,
        updated_at: new Date(Date.now() + 2000).toISOString(),
      })
      .where('id', '=', trainingId)
      .execute();
    const last = await events.next();
    expect(JSON.parse(last!.data)).toMatchObject({ status: 'completed', progress: 1 });
    expect(await events.next()).toBeNull();
  });

  it('keeps a quiet stream alive with comments and stops reading the row when the client goes away', async () => {
    const { projectId, trainingId } = await queuedTraining();
    const counter = new QueryCounter();
    const db = t.database.db.withPlugin(counter);
    const app = new Hono().get('/', (c) =>
      trainingEventStream(c, db, projectId, trainingId, { pollMs: 10, heartbeatMs: 30 }),
    );
    const res = await app.request('/');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': keep-alive')) text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text.match(/^event: training$/gm)).toHaveLength(1);
    await reader.cancel();
    // The loop notices within one poll; from then on no statement reads the row.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = counter.statements.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counter.statements.length).toBe(after);
  });

  it('refuses workers and unknown trainings before streaming', async () => {
    const { projectId, trainingId } = await queuedTraining();
    expect((await as(t, worker, 'GET', `projects/${projectId}/trainings/${trainingId}/events`)).status).toBe(403);
    expect((await as(t, member, 'GET', `projects/${projectId}/trainings/nope/events`)).status).toBe(404);
  });
});

describe('predictions', () => {
  it("reads one test image's predictions from the training's blob; 404 for an image it did not test", async () => {
    const { projectId, trainingId, p } = await queuedTraining();
    const imageId = randomUUID();
    const predictions = { [imageId]: [{ labelId: p.labels.car, score: 0.8, box: [1, 2, 30, 40] }] };
    const blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
    const key = await blobs.put(new TextEncoder().encode(JSON.stringify(predictions)));
    expect(
      (await as(t, member, 'GET', `projects/${projectId}/trainings/${trainingId}/predictions/${imageId}`)).status,
    ).toBe(404);
    await t.database.db
      .updateTable('trainings')
      .set({ predictions_key: key, model_id: 'm1' })
      .where('id', '=', trainingId)
      .execute();
    const res = await as(t, member, 'GET', `projects/${projectId}/trainings/${trainingId}/predictions/${imageId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imageId,
      modelId: 'm1',
      predictions: [{ labelId: p.labels.car, score: 0.8, box: [1, 2, 30, 40] }],
    });
    expect((await as(t, member, 'GET', `projects/${projectId}/trainings/${trainingId}/predictions/other`)).status).toBe(
      404,
    );
  });
});
