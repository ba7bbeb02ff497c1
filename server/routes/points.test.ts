import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENROLLMENT_TTL_MS,
  MISSED_HEARTBEATS_MAX,
  pingSchema,
  pointListSchema,
  pointMetricsSchema,
  pointSchema,
} from '../../contract/apiDeploy';
import { emptyMetrics, recordRequest } from '../../contract/latencyHistogram';
import { V } from '../../contract/validationMessages';
import { connectionState } from '../deploy/connectionState';
import {
  createRoleUsers,
  createTestEdgePoint,
  enrolTestDevice,
  insertTestModel,
  pointRowOf,
  seedRolesProject,
} from '../deploy/deployTestKit';
import { addPointMetrics } from '../deploy/pointMetricsStore';
import { sha256Hex } from '../deploy/secrets';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;
const HEARTBEAT = 2;

beforeAll(async () => {
  t = await createTestApp({ EDGE_HEARTBEAT_SECONDS: HEARTBEAT, PUBLIC_URL: 'https://maru.example.com/' });
  ({ admin, member, worker } = await createRoleUsers(t));
});
afterAll(() => t.close());

const newProject = (title = 'Gates') => seedRolesProject(t, { admin, member, worker }, title);
const newEdgePoint = (projectId: string, name?: string) => createTestEdgePoint(t, member, projectId, name);
const pointRow = (id: string) => pointRowOf(t, id);

describe('edge points', () => {
  it('creates one with a one-time enrolment token and the commands that start the agent', async () => {
    const p = await newProject();
    const { point, enrollment } = await newEdgePoint(p.id);
    expect(point).toMatchObject({
      projectId: p.id,
      projectTitle: 'Gates',
      kind: 'edge',
      name: 'Gate 1',
      connection: 'unenrolled',
      device: null,
      instance: null,
      model: null,
      deployment: null,
      heartbeatSeconds: HEARTBEAT,
      createdBy: { id: member.id, name: 'Mia' },
    });
    expect(enrollment!.token).toMatch(/^met_[A-Za-z0-9_-]{43}$/);
    expect(enrollment!.command).toBe(
      `npm run edge-agent -- --server https://maru.example.com --token ${enrollment!.token}`,
    );
    expect(enrollment!.bundleCommand).toBe(
      `node maru-edge-agent.mjs --server https://maru.example.com --token ${enrollment!.token}`,
    );
    expect(Date.parse(enrollment!.expiresAt) - t.clock.now().getTime()).toBe(ENROLLMENT_TTL_MS);
    // Only the token's hash is kept.
    const stored = await t.database.db
      .selectFrom('point_enrollments')
      .selectAll()
      .where('point_id', '=', point.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(sha256Hex(enrollment!.token));
    expect(JSON.stringify(stored)).not.toContain(enrollment!.token);
  });

  it('refuses bad names, unknown keys, workers and other projects, and writes nothing', async () => {
    const p = await newProject();
    const post = (body: unknown, user = member) => as(t, user, 'POST', `projects/${p.id}/points`, body);
    const empty = await post({ kind: 'edge', name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'validation', fields: { name: V.required } });
    expect((await post({ kind: 'edge', name: 'x'.repeat(41) })).body.error.fields).toEqual({ name: V.max40 });
    expect((await post({ kind: 'edge', name: 'a', description: 'd'.repeat(101) })).body.error.fields).toEqual({
      description: V.max100,
    });
    expect((await post({ kind: 'edge', name: 'a', extra: 1 })).body.error.code).toBe('bad_request');
    expect((await post({ kind: 'edge', name: 'a' }, worker)).status).toBe(403);
    const stranger = await createTestUser(t);
    expect((await post({ kind: 'edge', name: 'a' }, stranger)).status).toBe(404);
    expect((await as(t, member, 'GET', `projects/${p.id}/points`)).body.items).toEqual([]);
  });

  it('is connected while heartbeats come, not connected after three missed ones', async () => {
    const p = await newProject();
    const { point } = await newEdgePoint(p.id);
    const dev = await enrolTestDevice(t, point.id, { localUrl: 'http://127.0.0.1:9000' });
    const get = async () => pointSchema.parse((await as(t, member, 'GET', `projects/${p.id}/points/${point.id}`)).body);
    const connected = await get();
    expect(connected.connection).toBe('connected');
    expect(connected.endpoint).toBe('http://127.0.0.1:9000');
    expect(connected.device).toMatchObject({
      deviceId: dev.deviceId,
      node: 'v20.18.0',
      arch: 'x64',
      backends: ['wasm', 'cpu'],
      hostname: 'gate-01',
      status: 'idle',
      checks: { clockSkewMs: 12, failedCalls: 0 },
    });
    t.clock.advance(MISSED_HEARTBEATS_MAX * HEARTBEAT);
    expect((await get()).connection).toBe('connected');
    t.clock.advance(1);
    expect((await get()).connection).toBe('not_connected');
  });

  it('computes the connection from the last call (boundaries)', () => {
    const now = new Date('2026-01-01T00:01:00.000Z');
    const base = { device_id: 'dev', revoked_at: null };
    expect(connectionState({ ...base, device_id: null, last_seen_at: null }, now, 15)).toBe('unenrolled');
    expect(connectionState({ ...base, last_seen_at: null }, now, 15)).toBe('not_connected');
    expect(connectionState({ ...base, last_seen_at: '2026-01-01T00:00:15.000Z' }, now, 15)).toBe('connected');
    expect(connectionState({ ...base, last_seen_at: '2026-01-01T00:00:14.999Z' }, now, 15)).toBe('not_connected');
    expect(connectionState({ ...base, revoked_at: now.toISOString(), last_seen_at: now.toISOString() }, now, 15)).toBe(
      'revoked',
    );
  });

  it('makes a new enrolment token without cutting the current device off', async () => {
    const p = await newProject();
    const { point, enrollment: first } = await newEdgePoint(p.id);
    await enrolTestDevice(t, point.id);
    const before = await pointRow(point.id);
    const res = await as(t, member, 'POST', `projects/${p.id}/points/${point.id}/enrollments`, {});
    expect(res.status).toBe(201);
    expect(res.body.token).not.toBe(first!.token);
    expect(res.body.command).toContain(res.body.token);
    const after = await pointRow(point.id);
    expect(after.device_secret_hash).toBe(before.device_secret_hash);
    expect((await as(t, member, 'GET', `projects/${p.id}/points/${point.id}`)).body.connection).toBe('connected');
    expect((await as(t, worker, 'POST', `projects/${p.id}/points/${point.id}/enrollments`, {})).status).toBe(403);
  });

  it('revokes a device (admins only): its credential and unused tokens stop working', async () => {
    const p = await newProject();
    const { point } = await newEdgePoint(p.id);
    const revoke = (user: TestUser) => as(t, user, 'POST', `projects/${p.id}/points/${point.id}/revocations`, {});
    const unenrolled = await revoke(admin);
    expect(unenrolled.status).toBe(409);
    expect(unenrolled.body.error.code).toBe('conflict');
    await enrolTestDevice(t, point.id);
    expect((await revoke(member)).status).toBe(403);
    const res = await revoke(admin);
    expect(res.status).toBe(200);
    expect(pointSchema.parse(res.body).connection).toBe('revoked');
    const row = await pointRow(point.id);
    expect(row.device_secret_hash).toBeNull();
    expect(row.revoked_at).toBe(t.clock.now().toISOString());
    const unused = await t.database.db
      .selectFrom('point_enrollments')
      .select('used_at')
      .where('point_id', '=', point.id)
      .where('used_at', 'is', null)
      .execute();
    expect(unused).toEqual([]);
    // Again: still revoked, nothing else changes.
    t.clock.advance(5);
    expect((await revoke(admin)).body.connection).toBe('revoked');
    expect((await pointRow(point.id)).revoked_at).toBe(row.revoked_at);
  });
});

describe('connectivity tests (pings)', () => {
  it('queues one ping at a time, answered with its round trip, or expired', async () => {
    const p = await newProject();
    const { point } = await newEdgePoint(p.id);
    const ping = () => as(t, member, 'POST', `projects/${p.id}/points/${point.id}/pings`, {});
    const none = await ping();
    expect(none.status).toBe(409);
    await enrolTestDevice(t, point.id);
    const first = await ping();
    expect(first.status).toBe(202);
    const waiting = pingSchema.parse(first.body);
    expect(waiting).toMatchObject({ state: 'waiting', deliveredAt: null, answeredAt: null, rttMs: null });
    expect((await ping()).body.id).toBe(waiting.id);
    // The agent takes it with its next call and answers 40 ms later.
    const delivered = new Date(t.clock.now().getTime() + 1000);
    await t.database.db
      .updateTable('point_pings')
      .set({
        delivered_at: delivered.toISOString(),
        answered_at: new Date(delivered.getTime() + 40).toISOString(),
      })
      .where('id', '=', waiting.id)
      .execute();
    const answered = await as(t, member, 'GET', `projects/${p.id}/points/${point.id}/pings/${waiting.id}`);
    expect(pingSchema.parse(answered.body)).toMatchObject({ state: 'answered', rttMs: 40 });
    const view = pointSchema.parse((await as(t, member, 'GET', `projects/${p.id}/points/${point.id}`)).body);
    expect(view.lastPing).toMatchObject({ id: waiting.id, state: 'answered' });

    const second = pingSchema.parse((await ping()).body);
    expect(second.id).not.toBe(waiting.id);
    t.clock.advance(60);
    expect((await as(t, member, 'GET', `projects/${p.id}/points/${point.id}/pings/${second.id}`)).body.state).toBe(
      'waiting',
    );
    t.clock.advance(1);
    expect((await as(t, member, 'GET', `projects/${p.id}/points/${point.id}/pings/${second.id}`)).body.state).toBe(
      'expired',
    );
    // An expired ping is not followed: a new click starts a new test.
    expect((await ping()).body.id).not.toBe(second.id);
    expect((await as(t, member, 'GET', `projects/${p.id}/points/${point.id}/pings/nope`)).status).toBe(404);
    expect((await as(t, worker, 'POST', `projects/${p.id}/points/${point.id}/pings`, {})).status).toBe(403);
  });
});

describe('lists and metrics', () => {
  it('lists points across projects where the caller is admin or member, by organization and kind', async () => {
    const caller = await createTestUser(t);
    const now = t.clock.now().toISOString();
    const orgId = `org-${caller.id.slice(0, 8)}`;
    await t.database.db
      .insertInto('organizations')
      .values({ id: orgId, name: 'Team', created_at: now, updated_at: now })
      .execute();
    await t.database.db
      .insertInto('organization_members')
      .values({ organization_id: orgId, user_id: caller.id, role: 'member', joined_at: now })
      .execute();
    const personal = await seedProject(t, { title: 'Mine', members: [{ user: caller, role: 'admin' }] });
    const asWorker = await seedProject(t, { title: 'Labeling', members: [{ user: caller, role: 'worker' }] });
    const team = await seedProject(t, { title: 'Team', members: [{ user: caller, role: 'member' }] });
    await t.database.db.updateTable('projects').set({ organization_id: orgId }).where('id', '=', team.id).execute();
    const make = async (projectId: string, name: string) => {
      t.clock.advance(1);
      return as(t, caller, 'POST', `projects/${projectId}/points`, { kind: 'edge', name });
    };
    await make(personal.id, 'Personal gate');
    await make(team.id, 'Team gate');
    // Points of a project where the caller only labels are not theirs to see.
    await addMemberAndPoint(asWorker.id);
    const model = await insertTestModel(t, team.id);
    t.clock.advance(1);
    await as(t, caller, 'POST', `projects/${team.id}/points`, { kind: 'web', name: 'Team API', modelId: model.id });

    const names = async (query: string) =>
      pointListSchema.parse((await as(t, caller, 'GET', `points${query}`)).body).items.map((i) => i.name);
    expect(await names('')).toEqual(['Team API', 'Team gate', 'Personal gate']);
    expect(await names('?kind=edge')).toEqual(['Team gate', 'Personal gate']);
    expect(await names('?kind=web')).toEqual(['Team API']);
    expect(await names(`?organization=${orgId}`)).toEqual(['Team API', 'Team gate']);
    expect(await names('?organization=personal&kind=edge')).toEqual(['Personal gate']);
    expect((await as(t, caller, 'GET', 'points?organization=elsewhere')).status).toBe(404);
    expect((await as(t, caller, 'GET', 'points?kind=cloud')).status).toBe(400);
    expect((await as(t, null, 'GET', 'points')).status).toBe(401);
    // A deleted project's points leave the list.
    await t.database.db.updateTable('projects').set({ deleted_at: now }).where('id', '=', team.id).execute();
    expect(await names('')).toEqual(['Personal gate']);
  });

  it('answers per-minute metrics and the last hour in the point view', async () => {
    const p = await newProject();
    const { point } = await newEdgePoint(p.id);
    const window = emptyMetrics();
    recordRequest(window, 12, true, ['car']);
    recordRequest(window, 30, false);
    await addPointMetrics(t.database.db, point.id, 'agent', t.clock.now(), window);
    await addPointMetrics(t.database.db, point.id, 'agent', new Date(t.clock.now().getTime() - 2 * 3600_000), window);
    const res = await as(t, member, 'GET', `projects/${p.id}/points/${point.id}/metrics?minutes=5`);
    const metrics = pointMetricsSchema.parse(res.body);
    expect(metrics.series).toHaveLength(5);
    expect(metrics.series.at(-1)).toMatchObject({ requests: 2, errors: 1 });
    expect(metrics.total.classCounts).toEqual({ car: 1 });
    expect((await as(t, member, 'GET', `projects/${p.id}/points/${point.id}/metrics?minutes=2`)).status).toBe(400);
    // A row another process wrote badly counts as nothing rather than breaking the list.
    await t.database.db
      .insertInto('point_metrics')
      .values({
        point_id: point.id,
        minute: new Date(t.clock.now().getTime() - 60_000).toISOString().slice(0, 17) + '00.000Z',
        source: 'api:broken',
        requests: 5,
        errors: 0,
        latency: '[1,2]',
        class_counts: '{}',
      })
      .execute();
    const view = pointSchema.parse((await as(t, member, 'GET', `projects/${p.id}/points/${point.id}`)).body);
    expect(view.recent).toMatchObject({ requests: 2, errors: 1, classCounts: { car: 1 } });
    expect(view.recent!.latency.reduce((a, b) => a + b, 0)).toBe(2);
    const listed = pointListSchema.parse((await as(t, member, 'GET', `projects/${p.id}/points`)).body).items;
    expect(listed[0]!.recent).toEqual(view.recent);
    expect((await as(t, worker, 'GET', `projects/${p.id}/points/${point.id}/metrics`)).status).toBe(403);
  });
});

/** A point in a project where the list's caller is only a worker (made by that project's admin). */
async function addMemberAndPoint(projectId: string) {
  await t.database.db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: admin.id, role: 'admin', joined_at: t.clock.now().toISOString() })
    .execute();
  const res = await as(t, admin, 'POST', `projects/${projectId}/points`, { kind: 'edge', name: 'Hidden gate' });
  expect(res.status).toBe(201);
}
