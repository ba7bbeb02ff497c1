import { randomUUID } from 'node:crypto';
import type { AgentRuntime } from '../../contract/apiAgent';
import { pointCreatedSchema } from '../../contract/apiDeploy';
import type { ModelManifest } from '../../contract/apiModels';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import type { TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { newDeviceCredential } from './secrets';

/* Rows the deployment route tests start from, written straight into the test database. */

export const TEST_RUNTIME: AgentRuntime = {
  agentVersion: '1.0.0',
  node: 'v20.18.0',
  platform: 'linux',
  arch: 'x64',
  backends: ['wasm', 'cpu'],
  modelFormats: [1],
  hostname: 'gate-01',
};

function manifestOf(version: number, trainingId: string | null): ModelManifest {
  return {
    format: 'maru-model',
    version: version as 1,
    task: 'classification',
    network: 'classifier-compact',
    backbone: 'mobilenet-v2',
    inputSize: 96,
    labels: [{ name: 'car', color: '#112233' }],
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1 / 255, offset: 0 },
    detection: null,
    metrics: {},
    createdAt: new Date().toISOString(),
    trainingId,
    tag: null,
  } as ModelManifest;
}

/** A model row as the trainer stores it (its zip need not exist: these tests never load it). */
export async function insertTestModel(
  t: TestApp,
  projectId: string,
  opts: { trainingId?: string | null; formatVersion?: number; tag?: string | null } = {},
): Promise<{ id: string; version: string }> {
  const id = randomUUID();
  const version = randomUUID().replace(/-/g, '').padEnd(64, '0');
  await t.database.db
    .insertInto('models')
    .values({
      id,
      project_id: projectId,
      training_id: opts.trainingId ?? null,
      tag: opts.tag ?? 'v1',
      task: 'classification',
      network: 'classifier-compact',
      backbone: 'mobilenet-v2',
      input_size: 96,
      labels: JSON.stringify([{ id: 'l1', name: 'car', color: '#112233' }]),
      metrics: '{}',
      manifest: JSON.stringify(manifestOf(opts.formatVersion ?? 1, opts.trainingId ?? null)),
      source: 'trained',
      blob_key: version,
      bytes: 1234,
      created_by: null,
      created_at: t.clock.now().toISOString(),
    })
    .execute();
  return { id, version };
}

/**
 * An edge point's device as enrolment leaves it (the agent routes write these columns): its
 * runtime, a credential hash and, unless `lastSeenAt` is null, a call at `lastSeenAt` (default now).
 */
export async function enrolTestDevice(
  t: TestApp,
  pointId: string,
  opts: { runtime?: Partial<AgentRuntime>; lastSeenAt?: string | null; localUrl?: string } = {},
): Promise<{ deviceId: string; credential: string }> {
  const device = newDeviceCredential();
  const now = t.clock.now().toISOString();
  const runtime = { ...TEST_RUNTIME, ...opts.runtime };
  await t.database.db
    .updateTable('points')
    .set({
      device_id: device.deviceId,
      device_secret_hash: device.secretHash,
      device_enrolled_at: now,
      device_runtime: JSON.stringify(runtime),
      device_reported: JSON.stringify({
        sentAt: now,
        runtime,
        localUrl: opts.localUrl ?? 'http://127.0.0.1:8501',
        status: 'idle',
        serving: null,
        deployment: null,
        checks: { clockSkewMs: 12, freeDiskBytes: 5e9, failedCalls: 0, lastError: null },
      }),
      last_seen_at: opts.lastSeenAt === undefined ? now : opts.lastSeenAt,
      revoked_at: null,
    })
    .where('id', '=', pointId)
    .execute();
  return { deviceId: device.deviceId, credential: device.credential };
}

/** The queued jobs of `kind` whose payload names `pointId`. */
export async function prepareJobsOf(t: TestApp, pointId: string): Promise<number> {
  const rows = await t.database.db.selectFrom('jobs').select(['kind', 'payload']).execute();
  return rows.filter(
    (r) => r.kind === 'point.prepare' && (JSON.parse(r.payload) as { pointId?: string }).pointId === pointId,
  ).length;
}

/** The three project roles the point routes tell apart. */
export interface RoleUsers {
  admin: TestUser;
  member: TestUser;
  worker: TestUser;
}

export async function createRoleUsers(t: TestApp): Promise<RoleUsers> {
  return {
    admin: await createTestUser(t, { name: 'Ada' }),
    member: await createTestUser(t, { name: 'Mia' }),
    worker: await createTestUser(t),
  };
}

/** A project with one label where each of `users` holds their role. */
export function seedRolesProject(t: TestApp, users: RoleUsers, title: string) {
  return seedProject(t, {
    title,
    members: [
      { user: users.admin, role: 'admin' },
      { user: users.member, role: 'member' },
      { user: users.worker, role: 'worker' },
    ],
    labels: ['car'],
  });
}

/** An edge point made through the API by `user`; anything but 201 fails the test. */
export async function createTestEdgePoint(t: TestApp, user: TestUser, projectId: string, name = 'Gate 1') {
  const res = await as(t, user, 'POST', `projects/${projectId}/points`, { kind: 'edge', name });
  if (res.status !== 201) throw new Error(`creating an edge point answered ${res.status}: ${JSON.stringify(res.body)}`);
  return pointCreatedSchema.parse(res.body);
}

/** The point's row as the database holds it. */
export function pointRowOf(t: TestApp, id: string) {
  return t.database.db.selectFrom('points').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
