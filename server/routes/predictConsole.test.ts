import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointCreatedSchema, pointKeyCreatedSchema, pointMetricsSchema, pointSchema } from '../../contract/apiDeploy';
import { predictResponseSchema } from '../../contract/apiPredict';
import { createServingKit, errorOf, type ServingKit } from '../deploy/serving/servingTestKit';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestUser } from '../test/testUsers';

/*
 * A web point's whole life through the console API and its public endpoint: created with a model,
 * prepared by its job, called with a key made in the console, counted in its metrics, stopped,
 * its key revoked, deleted.
 */

let k: ServingKit;
beforeAll(async () => {
  k = await createServingKit();
}, 60_000);
afterAll(() => k.close());

describe('a web point made in the console', () => {
  it('serves once prepared, shows its requests, and stops answering when stopped, revoked or deleted', async () => {
    const t = k.t;
    const admin = await createTestUser(t);
    const project = await seedProject(t, { title: 'Shop', members: [{ user: admin, role: 'admin' }], labels: ['red'] });
    const model = await k.insertModel(k.modelZip, 'v1', project.id);
    const base = `projects/${project.id}/points`;
    const created = await as(t, admin, 'POST', base, {
      kind: 'web',
      name: 'Checkout',
      modelId: model.id,
      instanceType: 'local-1',
    });
    expect(created.status).toBe(201);
    const pointId = pointCreatedSchema.parse(created.body).point.id;
    const made = await as(t, admin, 'POST', `${base}/${pointId}/keys`, { name: 'Shop server' });
    expect(made.status).toBe(201);
    const { key, secret } = pointKeyCreatedSchema.parse(made.body);

    expect(await errorOf(await k.predict(pointId, secret, k.rawPng()))).toEqual({
      status: 503,
      code: 'point_unavailable',
    });
    await k.runJobs();
    const running = pointSchema.parse((await as(t, admin, 'GET', `${base}/${pointId}`)).body);
    expect(running.instance?.instanceState).toBe('running');

    const res = await k.predict(pointId, secret, k.rawPng());
    expect(res.status).toBe(200);
    const answer = predictResponseSchema.parse(await res.json());
    expect([answer.predictions.map((p) => p.label), answer.model]).toEqual([['red'], { id: model.id, tag: 'v1' }]);
    await k.serving.metrics.flush();
    const metrics = pointMetricsSchema.parse((await as(t, admin, 'GET', `${base}/${pointId}/metrics?minutes=5`)).body);
    expect([metrics.total.requests, metrics.total.errors, metrics.total.classCounts]).toEqual([2, 1, { red: 1 }]);

    expect((await as(t, admin, 'PATCH', `${base}/${pointId}`, { state: 'stopped' })).status).toBe(200);
    expect((await errorOf(await k.predict(pointId, secret, k.rawPng()))).status).toBe(503);
    expect((await as(t, admin, 'DELETE', `${base}/${pointId}/keys/${key.id}`)).status).toBe(204);
    expect(await errorOf(await k.predict(pointId, secret, k.rawPng()))).toEqual({
      status: 401,
      code: 'point_key_invalid',
    });
    const second = pointKeyCreatedSchema.parse(
      (await as(t, admin, 'POST', `${base}/${pointId}/keys`, { name: 'b' })).body,
    );
    expect((await as(t, admin, 'DELETE', `${base}/${pointId}`)).status).toBe(204);
    expect(await errorOf(await k.predict(pointId, second.secret, k.rawPng()))).toEqual({
      status: 404,
      code: 'not_found',
    });
  }, 60_000);
});
