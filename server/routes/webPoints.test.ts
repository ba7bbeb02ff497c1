import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointCreatedSchema } from '../../contract/apiDeploy';
import { V } from '../../contract/validationMessages';
import {
  createRoleUsers,
  createTestEdgePoint,
  enrolTestDevice,
  insertTestModel,
  pointRowOf,
  prepareJobsOf,
  seedRolesProject,
} from '../deploy/deployTestKit';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import type { TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://maru.example.com/' });
  ({ admin, member, worker } = await createRoleUsers(t));
});
afterAll(() => t.close());

const newProject = (title = 'Shop') => seedRolesProject(t, { admin, member, worker }, title);
const newEdgePoint = (projectId: string, name?: string) => createTestEdgePoint(t, member, projectId, name);
const pointRow = (id: string) => pointRowOf(t, id);

describe('web points', () => {
  const webBody = (modelId: string, over: Record<string, unknown> = {}) => ({
    kind: 'web',
    name: 'Shop API',
    modelId,
    ...over,
  });

  it('creates one on the local server: preparing, its URL, a prepare job and a pending deployment', async () => {
    const p = await newProject();
    const model = await insertTestModel(t, p.id, { tag: 'best' });
    const res = await as(t, member, 'POST', `projects/${p.id}/points`, webBody(model.id, { instanceType: 'local-2' }));
    expect(res.status).toBe(201);
    const { point, enrollment } = pointCreatedSchema.parse(res.body);
    expect(enrollment).toBeNull();
    expect(point).toMatchObject({
      kind: 'web',
      connection: null,
      model: { id: model.id, tag: 'best', task: 'classification' },
      version: model.version,
      endpoint: `https://maru.example.com/api/v1/points/${point.id}/predict`,
      instance: {
        serverType: 'local',
        cloudType: 'none',
        cloudRegion: 'local',
        instanceType: 'local-2',
        instanceState: 'preparing',
        instanceAddress: `https://maru.example.com/api/v1/points/${point.id}/predict`,
        error: null,
      },
      deployment: { modelId: model.id, state: 'pending' },
    });
    expect(point.instance!.instanceId).toMatch(/^local-[0-9a-f]{8}$/);
    expect(await prepareJobsOf(t, point.id)).toBe(1);
    const history = await as(t, member, 'GET', `projects/${p.id}/deployments?modelId=${model.id}`);
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0].targets).toEqual([
      expect.objectContaining({ pointId: point.id, pointName: 'Shop API', pointKind: 'web', state: 'pending' }),
    ]);
  });

  it('refuses a cloud server, an unknown instance type and another project’s model, writing nothing', async () => {
    const p = await newProject();
    const other = await newProject('Other');
    const model = await insertTestModel(t, p.id);
    const foreign = await insertTestModel(t, other.id);
    const post = (body: unknown) => as(t, member, 'POST', `projects/${p.id}/points`, body);
    const cloud = await post(webBody(model.id, { serverType: 'cloud', cloudType: 'aws', cloudRegion: 'us-east-1' }));
    expect(cloud.status).toBe(400);
    expect(cloud.body.error.code).toBe('cloud_unavailable');
    expect(cloud.body.error.message).toMatch(/No cloud account/);
    const type = await post(webBody(model.id, { instanceType: 'gpu-8' }));
    expect(type.status).toBe(400);
    expect(type.body.error).toMatchObject({ code: 'validation', fields: { instanceType: V.invalid } });
    expect((await post(webBody(model.id, { cloudType: 'gcp' }))).body.error.fields).toEqual({ cloudType: V.invalid });
    expect((await post(webBody(model.id, { cloudRegion: 'eu-west-1' }))).body.error.fields).toEqual({
      cloudRegion: V.invalid,
    });
    const missing = await post({ kind: 'web', name: 'x' });
    expect(missing.body.error.fields).toEqual({ modelId: V.required });
    expect((await post(webBody(foreign.id))).status).toBe(404);
    expect((await as(t, member, 'GET', `projects/${p.id}/points`)).body.items).toEqual([]);
    expect(await t.database.db.selectFrom('deployments').selectAll().where('project_id', '=', p.id).execute()).toEqual(
      [],
    );
  });

  it('renames, stops and starts again (preparing with a new job); state is for web points only', async () => {
    const p = await newProject();
    const model = await insertTestModel(t, p.id);
    const { point } = pointCreatedSchema.parse(
      (await as(t, member, 'POST', `projects/${p.id}/points`, webBody(model.id))).body,
    );
    const patch = (body: unknown, id = point.id) => as(t, member, 'PATCH', `projects/${p.id}/points/${id}`, body);
    const renamed = await patch({ name: ' Shop API v2 ', description: 'checkout' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Shop API v2', description: 'checkout' });
    // Still preparing: asking it to run changes nothing.
    expect((await patch({ state: 'running' })).body.instance.instanceState).toBe('preparing');
    expect(await prepareJobsOf(t, point.id)).toBe(1);
    expect((await patch({ state: 'stopped' })).body.instance.instanceState).toBe('stopped');
    expect((await patch({ state: 'running' })).body.instance.instanceState).toBe('preparing');
    expect(await prepareJobsOf(t, point.id)).toBe(2);
    expect((await patch({ name: '' })).body.error.fields).toEqual({ name: V.required });
    expect((await patch({ state: 'paused' })).status).toBe(400);
    const edge = await newEdgePoint(p.id);
    const edgeState = await patch({ state: 'stopped' }, edge.point.id);
    expect(edgeState.body.error).toMatchObject({ code: 'validation', fields: { state: V.invalid } });
    expect((await as(t, worker, 'PATCH', `projects/${p.id}/points/${point.id}`, { name: 'w' })).status).toBe(403);
  });
});

describe('deleting a point', () => {
  it('is for admins; the point is then gone for every route but stays in the history', async () => {
    const p = await newProject();
    const model = await insertTestModel(t, p.id);
    const web = pointCreatedSchema.parse(
      (await as(t, member, 'POST', `projects/${p.id}/points`, { kind: 'web', name: 'API', modelId: model.id })).body,
    ).point;
    const edge = (await newEdgePoint(p.id)).point;
    await enrolTestDevice(t, edge.id);
    expect((await as(t, member, 'DELETE', `projects/${p.id}/points/${web.id}`)).status).toBe(403);
    for (const point of [web, edge]) {
      expect((await as(t, admin, 'DELETE', `projects/${p.id}/points/${point.id}`)).status).toBe(204);
      const base = `projects/${p.id}/points/${point.id}`;
      for (const [method, path] of [
        ['GET', base],
        ['PATCH', base],
        ['DELETE', base],
        ['GET', `${base}/metrics`],
        ['POST', `${base}/enrollments`],
        ['POST', `${base}/pings`],
        ['GET', `${base}/keys`],
      ] as const) {
        const res = await as(t, admin, method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect([method, path, res.status]).toEqual([method, path, 404]);
      }
    }
    expect((await as(t, member, 'GET', `projects/${p.id}/points`)).body.items).toEqual([]);
    const webRow = await pointRow(web.id);
    expect(webRow.instance_state).toBe('stopped');
    expect((await pointRow(edge.id)).device_secret_hash).toBeNull();
    // The web point's pending deployment ended with it; the history still names it.
    const history = (await as(t, member, 'GET', `projects/${p.id}/deployments`)).body.items;
    expect(history[0].targets[0]).toMatchObject({ pointId: web.id, pointName: 'API', state: 'failed' });
  });
});
