import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentSchema, pointCreatedSchema, pointKeyCreatedSchema, pointSchema } from '../../contract/apiDeploy';
import { predictResponseSchema } from '../../contract/apiPredict';
import { createServingKit, type ServingKit } from '../deploy/serving/servingTestKit';
import { createTestUser, jsonInit, type TestUser } from '../test/testUsers';

/*
 * A web point made and changed through the console API, served by the real prepare job and the
 * predict route: what a user does from the console to a curl call, including a broken model
 * that rolls back while the previous one goes on serving.
 */

let kit: ServingKit;
let admin: TestUser;

beforeAll(async () => {
  kit = await createServingKit();
  admin = await createTestUser(kit.t);
  await kit.t.database.db
    .insertInto('project_members')
    .values({ project_id: kit.projectId, user_id: admin.id, role: 'admin', joined_at: kit.t.clock.now().toISOString() })
    .execute();
}, 120_000);
afterAll(() => kit?.close());

async function call(method: string, path: string, body?: unknown) {
  const res = await kit.request(`/api/projects/${kit.projectId}/${path}`, jsonInit(method, admin, body));
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

describe('a web point from the console to a prediction', () => {
  it('prepares, answers with a key, keeps serving through a broken deployment, stops and goes', async () => {
    const created = await call('POST', 'points', { kind: 'web', name: 'Red finder', modelId: kit.modelId });
    expect(created.status).toBe(201);
    const pointId = pointCreatedSchema.parse(created.body).point.id;
    const view = async () => pointSchema.parse((await call('GET', `points/${pointId}`)).body);
    expect((await view()).instance!.instanceState).toBe('preparing');

    await kit.prepare(pointId);
    const running = await view();
    expect(running.instance!.instanceState).toBe('running');
    expect(running.deployment).toMatchObject({ modelId: kit.modelId, state: 'succeeded' });

    const key = pointKeyCreatedSchema.parse((await call('POST', `points/${pointId}/keys`, { name: 'curl' })).body);
    const answer = await kit.predict(pointId, key.secret, kit.rawPng());
    expect(answer.status).toBe(200);
    const first = predictResponseSchema.parse(await answer.json());
    expect(first.version).toBe(kit.version);
    expect(first.predictions.map((p) => p.label)).toContain('red');

    // A zip that does not load: the deployment rolls back and the first model still answers.
    kit.t.clock.advance(1);
    const broken = await kit.insertModel(new TextEncoder().encode('not a zip'), 'broken');
    const d = deploymentSchema.parse(
      (await call('POST', 'deployments', { modelId: broken.id, pointIds: [pointId] })).body,
    );
    expect((await view()).instance!.instanceState).toBe('running');
    await kit.prepare(pointId);
    const after = await view();
    expect(after.deployment).toMatchObject({ id: d.id, state: 'rolled_back', error: 'model_unreadable' });
    expect(after).toMatchObject({ model: { id: kit.modelId }, version: kit.version });
    const still = await kit.predict(pointId, key.secret, kit.rawPng());
    expect(still.status).toBe(200);
    expect(predictResponseSchema.parse(await still.json()).version).toBe(kit.version);

    expect((await call('PATCH', `points/${pointId}`, { state: 'stopped' })).status).toBe(200);
    expect((await kit.predict(pointId, key.secret, kit.rawPng())).status).toBe(503);
    expect((await call('DELETE', `points/${pointId}`)).status).toBe(204);
    expect((await kit.predict(pointId, key.secret, kit.rawPng())).status).toBe(404);
  }, 120_000);
});
