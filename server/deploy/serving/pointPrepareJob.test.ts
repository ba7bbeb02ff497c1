import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictResponseSchema } from '../../../contract/apiPredict';
import { redSquareDetectorZip } from '../../../ml/testing/redSquareDetector';
import { createServingKit, errorOf, type ServingKit } from './servingTestKit';
import { WebPointServing } from './webPointServing';

/*
 * `point.prepare` with real models in the serving threads: a point starts running, a model that
 * does not load fails it, a failed new model leaves the running one serving, and stopped or
 * deleted points are left alone.
 */

let k: ServingKit;
beforeAll(async () => {
  k = await createServingKit();
}, 60_000);
afterAll(() => k.close());

const notAZip = () => new TextEncoder().encode(`not a zip ${randomUUID()}`);

describe('point.prepare', () => {
  it('warms the model up, then the point runs and its deployment succeeded', async () => {
    const { pointId, deploymentId } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    const { point, target } = await k.stateOf(pointId, deploymentId);
    expect([point.instance_state, point.instance_error, point.version]).toEqual(['running', null, k.version]);
    expect(point.prepared_at).toBe(k.t.clock.now().toISOString());
    expect([target.state, target.error]).toEqual(['succeeded', null]);
    expect(k.serving.threadCount).toBeGreaterThan(0);
  });

  it('fails the point and its deployment with model_unreadable for a zip that does not load', async () => {
    const broken = await k.insertModel(notAZip(), null);
    const { pointId, deploymentId } = await k.webPoint(broken.id);
    await k.prepare(pointId);
    const { point, target } = await k.stateOf(pointId, deploymentId);
    expect(point.instance_state).toBe('failed');
    expect(point.instance_error).toBeTruthy();
    expect([target.state, target.error]).toEqual(['failed', 'model_unreadable']);
    expect(await errorOf(await k.predict(pointId, await k.keyOf(pointId), k.rawPng()))).toEqual({
      status: 503,
      code: 'point_unavailable',
    });
  });

  it('keeps a running point on its model when a new one fails, and switches when the new one loads', async () => {
    const { pointId, key } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    const broken = await k.insertModel(notAZip(), 'broken');
    const failed = await k.deploy(pointId, broken.id);
    await k.prepare(pointId);
    const after = await k.stateOf(pointId, failed);
    expect([after.point.instance_state, after.point.model_id]).toEqual(['running', k.modelId]);
    expect([after.target.state, after.target.error]).toEqual(['rolled_back', 'model_unreadable']);
    const served = predictResponseSchema.parse(await (await k.predict(pointId, key, k.rawPng())).json());
    expect(served.predictions.map((p) => p.label)).toEqual(['red']);

    const renamed = await k.insertModel(await redSquareDetectorZip('rouge'), 'v2');
    const switched = await k.deploy(pointId, renamed.id);
    await k.prepare(pointId);
    const now = await k.stateOf(pointId, switched);
    expect([now.point.instance_state, now.point.model_id, now.point.version]).toEqual([
      'running',
      renamed.id,
      renamed.version,
    ]);
    expect(now.target.state).toBe('succeeded');
    const answer = predictResponseSchema.parse(await (await k.predict(pointId, key, k.rawPng())).json());
    expect([answer.predictions.map((p) => p.label), answer.model, answer.version]).toEqual([
      ['rouge'],
      { id: renamed.id, tag: 'v2' },
      renamed.version,
    ]);
  }, 60_000);

  it('leaves a stopped or deleted point as it is', async () => {
    const stopped = await k.webPoint(k.modelId);
    const deleted = await k.webPoint(k.modelId);
    const db = k.t.database.db;
    await db.updateTable('points').set({ instance_state: 'stopped' }).where('id', '=', stopped.pointId).execute();
    await db
      .updateTable('points')
      .set({ deleted_at: k.t.clock.now().toISOString() })
      .where('id', '=', deleted.pointId)
      .execute();
    await k.prepare(stopped.pointId);
    await k.prepare(deleted.pointId);
    const a = await k.stateOf(stopped.pointId, stopped.deploymentId);
    const b = await k.stateOf(deleted.pointId, deleted.deploymentId);
    expect([a.point.instance_state, a.point.prepared_at, a.target.state]).toEqual(['stopped', null, 'pending']);
    expect([b.point.instance_state, b.point.prepared_at, b.target.state]).toEqual(['preparing', null, 'pending']);
  });

  it("lets a starting process load the running points' models before their first call", async () => {
    const { pointId } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    const fresh = new WebPointServing({
      db: k.t.database.db,
      blobs: k.blobs,
      now: k.t.clock.now,
      threads: 1,
      modelsPerThread: 4,
    });
    try {
      // The red detector (every running point here serves it, or its 'rouge' copy).
      expect(await fresh.warmRunningPoints()).toBeGreaterThanOrEqual(1);
      expect(fresh.threadCount).toBe(1);
    } finally {
      await fresh.close();
    }
    expect(fresh.threadCount).toBe(0);
  });
});
