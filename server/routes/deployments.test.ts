import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentListSchema, deploymentSchema, pointCreatedSchema, pointSchema } from '../../contract/apiDeploy';
import { trainingListSchema, trainingSchema } from '../../contract/apiTraining';
import { V } from '../../contract/validationMessages';
import { enrolTestDevice, insertTestModel, prepareJobsOf } from '../deploy/deployTestKit';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { insertTraining } from '../training/trainerTestKit';

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

const newProject = () =>
  seedProject(t, {
    members: [
      { user: admin, role: 'admin' },
      { user: member, role: 'member' },
      { user: worker, role: 'worker' },
    ],
    labels: ['car'],
  });

async function newPoint(projectId: string, body: Record<string, unknown>) {
  t.clock.advance(1);
  const res = await as(t, member, 'POST', `projects/${projectId}/points`, body);
  expect(res.status).toBe(201);
  return pointCreatedSchema.parse(res.body).point;
}
const edgePoint = (projectId: string, name: string) => newPoint(projectId, { kind: 'edge', name });

function deploy(projectId: string, modelId: string, pointIds: string[], user = member) {
  t.clock.advance(1);
  return as(t, user, 'POST', `projects/${projectId}/deployments`, { modelId, pointIds });
}

const targetsOf = (pointId: string) =>
  t.database.db
    .selectFrom('deployment_targets')
    .selectAll()
    .where('point_id', '=', pointId)
    .orderBy('created_at')
    .execute();

describe('deployments', () => {
  it('sends a model to edge points, enrolled or not, one pending target each', async () => {
    const p = await newProject();
    const model = await insertTestModel(t, p.id, { tag: 'v3' });
    const a = await edgePoint(p.id, 'Gate A');
    const b = await edgePoint(p.id, 'Gate B');
    await enrolTestDevice(t, a.id);
    const res = await deploy(p.id, model.id, [b.id, a.id, b.id]);
    expect(res.status).toBe(201);
    const d = deploymentSchema.parse(res.body);
    expect(d).toMatchObject({
      projectId: p.id,
      model: { id: model.id, tag: 'v3', task: 'classification' },
      version: model.version,
      createdBy: { id: member.id, name: 'Mia' },
    });
    expect(d.targets.map((x) => [x.pointName, x.pointKind, x.state, x.error, x.progress])).toEqual([
      ['Gate A', 'edge', 'pending', null, null],
      ['Gate B', 'edge', 'pending', null, null],
    ]);
    const view = pointSchema.parse((await as(t, member, 'GET', `projects/${p.id}/points/${a.id}`)).body);
    expect(view.deployment).toMatchObject({ id: d.id, modelId: model.id, state: 'pending' });
    expect((await as(t, member, 'GET', `projects/${p.id}/deployments/${d.id}`)).body).toEqual(d);
    expect((await as(t, worker, 'GET', `projects/${p.id}/deployments/${d.id}`)).status).toBe(403);
    expect((await deploy(p.id, model.id, [a.id], worker)).status).toBe(403);
  });

  it('refuses edge points whose runtime cannot run the model, naming each, and writes nothing', async () => {
    const p = await newProject();
    const model = await insertTestModel(t, p.id);
    const ok = await edgePoint(p.id, 'Fine');
    const oldFormat = await edgePoint(p.id, 'Old agent');
    const oldNode = await edgePoint(p.id, 'Old node');
    await enrolTestDevice(t, ok.id);
    await enrolTestDevice(t, oldFormat.id, { runtime: { modelFormats: [] } });
    await enrolTestDevice(t, oldNode.id, { runtime: { node: 'v18.19.1' } });
    const res = await deploy(p.id, model.id, [ok.id, oldFormat.id, oldNode.id]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('deployment_unsupported');
    expect(res.body.error.fields).toEqual({
      [`pointIds.${oldFormat.id}`]: V.deploymentModelFormat,
      [`pointIds.${oldNode.id}`]: V.deploymentNodeVersion,
    });
    expect(res.body.error.message).toContain('Old agent');
    expect(await targetsOf(ok.id)).toEqual([]);
    // A model in a format newer than the agent reads is refused the same way.
    const newer = await insertTestModel(t, p.id, { formatVersion: 2 });
    expect((await deploy(p.id, newer.id, [ok.id])).body.error.fields).toEqual({
      [`pointIds.${ok.id}`]: V.deploymentModelFormat,
    });
    expect((await deploy(p.id, model.id, [ok.id])).status).toBe(201);
  });

  it('answers 404 for another project’s model or point, or a deleted point', async () => {
    const p = await newProject();
    const other = await newProject();
    const model = await insertTestModel(t, p.id);
    const foreignModel = await insertTestModel(t, other.id);
    const point = await edgePoint(p.id, 'Here');
    const foreignPoint = await edgePoint(other.id, 'There');
    expect((await deploy(p.id, foreignModel.id, [point.id])).status).toBe(404);
    expect((await deploy(p.id, model.id, [point.id, foreignPoint.id])).status).toBe(404);
    expect((await deploy(other.id, model.id, [foreignPoint.id])).status).toBe(404);
    expect((await as(t, admin, 'DELETE', `projects/${p.id}/points/${point.id}`)).status).toBe(204);
    expect((await deploy(p.id, model.id, [point.id])).status).toBe(404);
    const empty = await deploy(p.id, model.id, []);
    expect(empty.body.error.fields).toEqual({ pointIds: V.required });
    expect(await t.database.db.selectFrom('deployments').selectAll().where('project_id', '=', p.id).execute()).toEqual(
      [],
    );
  });

  it('supersedes a point’s unfinished target; finished ones keep their state', async () => {
    const p = await newProject();
    const m1 = await insertTestModel(t, p.id);
    const m2 = await insertTestModel(t, p.id);
    const a = await edgePoint(p.id, 'A');
    const b = await edgePoint(p.id, 'B');
    const first = deploymentSchema.parse((await deploy(p.id, m1.id, [a.id, b.id])).body);
    await t.database.db
      .updateTable('deployment_targets')
      .set({ state: 'succeeded' })
      .where('deployment_id', '=', first.id)
      .where('point_id', '=', b.id)
      .execute();
    await t.database.db
      .updateTable('deployment_targets')
      .set({ state: 'downloading', progress: 0.4 })
      .where('deployment_id', '=', first.id)
      .where('point_id', '=', a.id)
      .execute();
    await deploy(p.id, m2.id, [a.id, b.id]);
    expect((await targetsOf(a.id)).map((x) => [x.state, x.progress])).toEqual([
      ['superseded', null],
      ['pending', null],
    ]);
    expect((await targetsOf(b.id)).map((x) => x.state)).toEqual(['succeeded', 'pending']);
  });

  it('leaves one open target per point when two deployments come at once', async () => {
    const p = await newProject();
    const m1 = await insertTestModel(t, p.id);
    const m2 = await insertTestModel(t, p.id);
    const a = await edgePoint(p.id, 'A');
    const [r1, r2] = await Promise.all([
      as(t, member, 'POST', `projects/${p.id}/deployments`, { modelId: m1.id, pointIds: [a.id] }),
      as(t, member, 'POST', `projects/${p.id}/deployments`, { modelId: m2.id, pointIds: [a.id] }),
    ]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect((await targetsOf(a.id)).map((x) => x.state).sort()).toEqual(['pending', 'superseded']);
  });

  it('gives a web point the model through its prepare job: a running one serves the old model meanwhile', async () => {
    const p = await newProject();
    const m1 = await insertTestModel(t, p.id);
    const m2 = await insertTestModel(t, p.id, { tag: 'v2' });
    const web = await newPoint(p.id, { kind: 'web', name: 'API', modelId: m1.id });
    const setState = (state: string) =>
      t.database.db.updateTable('points').set({ instance_state: state }).where('id', '=', web.id).execute();
    const view = async () => pointSchema.parse((await as(t, member, 'GET', `projects/${p.id}/points/${web.id}`)).body);
    await setState('running');
    const d = deploymentSchema.parse((await deploy(p.id, m2.id, [web.id])).body);
    expect(d.targets).toEqual([expect.objectContaining({ pointId: web.id, pointKind: 'web', state: 'pending' })]);
    const running = await view();
    expect(running).toMatchObject({ model: { id: m1.id }, version: m1.version, deployment: { id: d.id } });
    expect(running.instance!.instanceState).toBe('running');
    expect(await prepareJobsOf(t, web.id)).toBe(2);
    // The creation's own deployment was still pending: superseded by this one.
    expect((await targetsOf(web.id)).map((x) => x.state)).toEqual(['superseded', 'pending']);

    // A failed point is prepared again; a stopped one waits until it is started.
    await setState('failed');
    await deploy(p.id, m1.id, [web.id]);
    expect((await view()).instance!.instanceState).toBe('preparing');
    expect(await prepareJobsOf(t, web.id)).toBe(3);
    await setState('stopped');
    await deploy(p.id, m2.id, [web.id]);
    expect((await view()).instance!.instanceState).toBe('stopped');
    expect(await prepareJobsOf(t, web.id)).toBe(3);
    await as(t, member, 'PATCH', `projects/${p.id}/points/${web.id}`, { state: 'running' });
    expect(await prepareJobsOf(t, web.id)).toBe(4);
  });

  it('lists the history newest first, per model and per point', async () => {
    const p = await newProject();
    const m1 = await insertTestModel(t, p.id);
    const m2 = await insertTestModel(t, p.id);
    const a = await edgePoint(p.id, 'A');
    const b = await edgePoint(p.id, 'B');
    const d1 = deploymentSchema.parse((await deploy(p.id, m1.id, [a.id])).body);
    const d2 = deploymentSchema.parse((await deploy(p.id, m2.id, [a.id, b.id])).body);
    const d3 = deploymentSchema.parse((await deploy(p.id, m1.id, [b.id])).body);
    const ids = async (query: string) =>
      deploymentListSchema
        .parse((await as(t, member, 'GET', `projects/${p.id}/deployments${query}`)).body)
        .items.map((d) => d.id);
    expect(await ids('')).toEqual([d3.id, d2.id, d1.id]);
    expect(await ids(`?modelId=${m1.id}`)).toEqual([d3.id, d1.id]);
    expect(await ids(`?pointId=${a.id}`)).toEqual([d2.id, d1.id]);
    expect(await ids(`?modelId=${m2.id}&pointId=${b.id}`)).toEqual([d2.id]);
    expect((await as(t, member, 'GET', `projects/${p.id}/deployments?other=1`)).status).toBe(400);
    expect((await as(t, worker, 'GET', `projects/${p.id}/deployments`)).status).toBe(403);
    const other = await newProject();
    expect((await as(t, member, 'GET', `projects/${other.id}/deployments/${d1.id}`)).status).toBe(404);
  });
});

describe('the training history and the model delete guard', () => {
  it("fills a training's deployments with where its model went", async () => {
    const p = await newProject();
    const { trainingId } = await insertTraining(t, p.id);
    const model = await insertTestModel(t, p.id, { trainingId });
    await t.database.db.updateTable('trainings').set({ model_id: model.id }).where('id', '=', trainingId).execute();
    const gate = await edgePoint(p.id, 'Gate');
    const d1 = deploymentSchema.parse((await deploy(p.id, model.id, [gate.id])).body);
    const web = await newPoint(p.id, { kind: 'web', name: 'API', modelId: model.id });
    const list = trainingListSchema.parse((await as(t, member, 'GET', `projects/${p.id}/trainings`)).body);
    const deployments = list.items.find((x) => x.id === trainingId)!.deployments;
    expect(deployments.map((d) => d.target)).toEqual(['API', 'Gate']);
    expect(deployments[1]).toEqual({ id: d1.id, target: 'Gate', at: d1.createdAt });
    const one = trainingSchema.parse((await as(t, member, 'GET', `projects/${p.id}/trainings/${trainingId}`)).body);
    expect(one.deployments).toEqual(deployments);
    expect(web.model!.trainingId).toBe(trainingId);
  });

  it('refuses to delete a model while a live point serves it', async () => {
    const p = await newProject();
    const model = await insertTestModel(t, p.id);
    const web = await newPoint(p.id, { kind: 'web', name: 'Checkout API', modelId: model.id });
    const refused = await as(t, admin, 'DELETE', `projects/${p.id}/models/${model.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.message).toContain('Checkout API');
    expect((await as(t, member, 'GET', `projects/${p.id}/models/${model.id}`)).status).toBe(200);
    expect((await as(t, admin, 'DELETE', `projects/${p.id}/points/${web.id}`)).status).toBe(204);
    // An edge point still downloading it holds it too, until its target ends.
    const gate = await edgePoint(p.id, 'Gate');
    const d = deploymentSchema.parse((await deploy(p.id, model.id, [gate.id])).body);
    const pending = await as(t, admin, 'DELETE', `projects/${p.id}/models/${model.id}`);
    expect(pending.status).toBe(409);
    expect(pending.body.error.message).toContain('Gate');
    await t.database.db
      .updateTable('deployment_targets')
      .set({ state: 'failed' })
      .where('deployment_id', '=', d.id)
      .execute();
    expect((await as(t, admin, 'DELETE', `projects/${p.id}/models/${model.id}`)).status).toBe(204);
    // The history outlives the model.
    const history = deploymentListSchema.parse((await as(t, member, 'GET', `projects/${p.id}/deployments`)).body);
    expect(history.items.map((x) => x.model)).toEqual([
      { id: model.id, tag: null, task: '', trainingId: null },
      { id: model.id, tag: null, task: '', trainingId: null },
    ]);
  });
});
