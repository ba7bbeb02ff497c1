import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentDesiredSchema } from '../../contract/apiAgent';
import { pointMetricsSchema, pointSchema } from '../../contract/apiDeploy';
import { emptyMetrics, recordRequest } from '../../contract/latencyHistogram';
import {
  deployModel,
  edgeProject,
  enrolOk,
  heartbeat,
  modelWithZip,
  newEdgePoint,
  targetOf,
} from '../deploy/agent/agentTestKit';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ EDGE_HEARTBEAT_SECONDS: 2 });
  admin = await createTestUser(t);
  member = await createTestUser(t);
});
afterAll(() => t.close());

const zip = (fill: number) => new Uint8Array(4096).fill(fill);

describe('agent heartbeats', () => {
  it('store the reported state and metrics and answer the desired state with the latest deployment', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const { credential } = await enrolOk(t, token);
    const idle = agentDesiredSchema.parse((await heartbeat(t, credential)).body);
    expect(idle).toEqual({
      serverTime: t.clock.now().toISOString(),
      heartbeatSeconds: 2,
      pointName: 'Gate',
      deployment: null,
      pings: [],
    });

    const first = await modelWithZip(t, projectId, zip(1));
    const second = await modelWithZip(t, projectId, zip(2));
    await deployModel(t, member, projectId, first.id, [pointId]);
    const d2 = await deployModel(t, member, projectId, second.id, [pointId]);
    const metrics = emptyMetrics();
    recordRequest(metrics, 12, true, ['car']);
    recordRequest(metrics, 30, false);
    const sentAt = new Date(t.clock.now().getTime() + 4000).toISOString();
    const res = await heartbeat(t, credential, {
      sentAt,
      status: 'serving',
      serving: { modelId: first.id, version: first.version },
      localUrl: 'http://127.0.0.1:9000',
      checks: { clockSkewMs: 999, freeDiskBytes: 123, failedCalls: 2, lastError: 'ECONNREFUSED' },
      metrics,
    });
    expect(res.status).toBe(200);
    const desired = agentDesiredSchema.parse(res.body);
    expect(desired.deployment).toMatchObject({
      id: d2.id,
      modelId: second.id,
      version: second.version,
      bytes: 4096,
      url: `/api/v1/agent/artifacts/${d2.id}`,
      manifest: { format: 'maru-model', labels: [{ name: 'car' }] },
    });

    const view = pointSchema.parse((await as(t, member, 'GET', `projects/${projectId}/points/${pointId}`)).body);
    expect(view.model?.id).toBe(first.id);
    expect(view.version).toBe(first.version);
    expect(view.endpoint).toBe('http://127.0.0.1:9000');
    expect(view.device).toMatchObject({
      status: 'serving',
      localUrl: 'http://127.0.0.1:9000',
      lastSeenAt: t.clock.now().toISOString(),
      // The skew is the server's own figure, not the agent's.
      checks: { clockSkewMs: 4000, freeDiskBytes: 123, failedCalls: 2, lastError: 'ECONNREFUSED' },
    });
    const stats = pointMetricsSchema.parse(
      (await as(t, member, 'GET', `projects/${projectId}/points/${pointId}/metrics?minutes=5`)).body,
    );
    expect(stats.total).toMatchObject({ requests: 2, errors: 1, classCounts: { car: 1 } });
    // The next report's counts are added, not put in place of the first.
    await heartbeat(t, credential, { metrics });
    const more = pointMetricsSchema.parse(
      (await as(t, member, 'GET', `projects/${projectId}/points/${pointId}/metrics?minutes=5`)).body,
    );
    expect(more.total).toMatchObject({ requests: 4, errors: 2 });
  });

  it('never lets an agent name another project model as its own', async () => {
    const { pointId, token } = await edgeProject(t, admin, member);
    const other = await edgeProject(t, admin, member);
    const foreign = await modelWithZip(t, other.projectId, zip(3));
    const { credential } = await enrolOk(t, token);
    await heartbeat(t, credential, { status: 'serving', serving: { modelId: foreign.id, version: foreign.version } });
    const row = await t.database.db
      .selectFrom('points')
      .selectAll()
      .where('id', '=', pointId)
      .executeTakeFirstOrThrow();
    expect(row.model_id).toBeNull();
  });

  it('move a target only forward, only on the caller’s point', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const neighbour = await newEdgePoint(t, member, projectId, 'Dock');
    const { credential } = await enrolOk(t, token);
    const model = await modelWithZip(t, projectId, zip(4));
    const d = await deployModel(t, member, projectId, model.id, [pointId, neighbour.pointId]);
    const step = async (
      state: 'pending' | 'downloading' | 'activating' | 'succeeded' | 'failed',
      progress = null as number | null,
    ) =>
      expect(
        (await heartbeat(t, credential, { deployment: { id: d.id, state, progress, error: null, detail: null } }))
          .status,
      ).toBe(200);

    await step('downloading', 0.25);
    expect(await targetOf(t, d.id, pointId)).toMatchObject({ state: 'downloading', progress: 0.25 });
    await step('downloading', 0.75);
    expect(await targetOf(t, d.id, pointId)).toMatchObject({ state: 'downloading', progress: 0.75 });
    await step('pending');
    expect((await targetOf(t, d.id, pointId)).state).toBe('downloading');
    await step('activating');
    await step('downloading', 0.1);
    expect((await targetOf(t, d.id, pointId)).state).toBe('activating');
    await step('succeeded');
    await step('failed');
    expect(await targetOf(t, d.id, pointId)).toMatchObject({ state: 'succeeded', error: null });
    // The neighbour's target is its own agent's to move.
    expect((await targetOf(t, d.id, neighbour.pointId)).state).toBe('pending');

    const broken = await deployModel(t, member, projectId, model.id, [pointId]);
    await heartbeat(t, credential, {
      deployment: {
        id: broken.id,
        state: 'rolled_back',
        progress: null,
        error: 'health_check_failed',
        detail: 'Outputs were NaN.',
      },
    });
    expect(await targetOf(t, broken.id, pointId)).toMatchObject({
      state: 'rolled_back',
      error: 'health_check_failed',
      detail: 'Outputs were NaN.',
    });
  });

  it('leave a superseded target superseded and point the agent at the newer deployment', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const { credential } = await enrolOk(t, token);
    const model = await modelWithZip(t, projectId, zip(5));
    const old = await deployModel(t, member, projectId, model.id, [pointId]);
    await heartbeat(t, credential, {
      deployment: { id: old.id, state: 'downloading', progress: 0.5, error: null, detail: null },
    });
    const latest = await deployModel(t, member, projectId, model.id, [pointId]);
    expect((await targetOf(t, old.id, pointId)).state).toBe('superseded');
    const res = await heartbeat(t, credential, {
      deployment: { id: old.id, state: 'succeeded', progress: null, error: null, detail: null },
    });
    expect((await targetOf(t, old.id, pointId)).state).toBe('superseded');
    expect(agentDesiredSchema.parse(res.body).deployment?.id).toBe(latest.id);
  });

  it('fail a deployment whose model no longer reads instead of leaving it pending', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const { credential } = await enrolOk(t, token);
    const model = await modelWithZip(t, projectId, zip(6));
    const d = await deployModel(t, member, projectId, model.id, [pointId]);
    await t.database.db
      .updateTable('models')
      .set({ manifest: '{"format":"other"}' })
      .where('id', '=', model.id)
      .execute();
    const res = await heartbeat(t, credential);
    expect(agentDesiredSchema.parse(res.body).deployment).toBeNull();
    expect(await targetOf(t, d.id, pointId)).toMatchObject({ state: 'failed', error: 'model_unreadable' });
  });
});
