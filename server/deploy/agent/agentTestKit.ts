import path from 'node:path';
import { expect } from 'vitest';
import { agentEnrolledSchema, type AgentReported } from '../../../contract/apiAgent';
import { deploymentSchema, pointCreatedSchema } from '../../../contract/apiDeploy';
import { LocalBlobStore } from '../../blobs/LocalBlobStore';
import { seedProject } from '../../test/fixtures/projectSeed';
import { as } from '../../test/projectFixtures';
import type { TestApp } from '../../test/testApp';
import type { TestUser } from '../../test/testUsers';
import { insertTestModel, TEST_RUNTIME } from '../deployTestKit';

/* The agent protocol's tests: a project with an edge point made through the console API, and calls as its device. */

/** An agent call with `credential` (null: none) → status, parsed body and headers. */
export async function asDevice(
  t: TestApp,
  credential: string | null,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const all: Record<string, string> = { ...headers };
  if (credential) all.Authorization = `Bearer ${credential}`;
  if (body !== undefined) all['Content-Type'] = 'application/json';
  const res = await t.app.request(`/api/v1/agent/${urlPath}`, {
    method,
    headers: all,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const type = res.headers.get('Content-Type') ?? '';
  const raw = Buffer.from(await res.arrayBuffer());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are checked by the assertions
  const json: any = type.includes('json') && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : null;
  return { status: res.status, body: json, raw, headers: res.headers };
}

export function enrol(t: TestApp, token: string) {
  return asDevice(t, null, 'POST', 'enrollments', { token, runtime: TEST_RUNTIME });
}

export async function enrolOk(t: TestApp, token: string) {
  const res = await enrol(t, token);
  expect(res.status).toBe(201);
  return agentEnrolledSchema.parse(res.body);
}

/** A reported state as an idle agent sends it; `over` replaces any part. */
export function report(t: TestApp, over: Partial<AgentReported> = {}): AgentReported {
  return {
    sentAt: t.clock.now().toISOString(),
    runtime: TEST_RUNTIME,
    localUrl: 'http://127.0.0.1:8501',
    status: 'idle',
    serving: null,
    deployment: null,
    checks: { clockSkewMs: null, freeDiskBytes: 8e9, failedCalls: 0, lastError: null },
    metrics: null,
    ...over,
  };
}

export function heartbeat(t: TestApp, credential: string, over: Partial<AgentReported> = {}) {
  return asDevice(t, credential, 'POST', 'heartbeats', report(t, over));
}

/** A project with an admin and a member, and an edge point the member made (with its first token). */
export async function edgeProject(t: TestApp, admin: TestUser, member: TestUser) {
  const project = await seedProject(t, {
    members: [
      { user: admin, role: 'admin' },
      { user: member, role: 'member' },
    ],
    labels: ['car'],
  });
  const point = await newEdgePoint(t, member, project.id, 'Gate');
  return { projectId: project.id, ...point };
}

export async function newEdgePoint(t: TestApp, member: TestUser, projectId: string, name: string) {
  t.clock.advance(1);
  const res = await as(t, member, 'POST', `projects/${projectId}/points`, { kind: 'edge', name });
  expect(res.status).toBe(201);
  const created = pointCreatedSchema.parse(res.body);
  return { pointId: created.point.id, token: created.enrollment!.token };
}

/** A model of the project whose zip is `bytes`, stored in the test app's blob folder. */
export async function modelWithZip(t: TestApp, projectId: string, bytes: Uint8Array) {
  const blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
  const version = await blobs.put(bytes);
  const model = await insertTestModel(t, projectId);
  await t.database.db
    .updateTable('models')
    .set({ blob_key: version, bytes: bytes.byteLength })
    .where('id', '=', model.id)
    .execute();
  return { id: model.id, version };
}

/** Deploys `modelId` to the points through the console API. */
export async function deployModel(
  t: TestApp,
  member: TestUser,
  projectId: string,
  modelId: string,
  pointIds: string[],
) {
  t.clock.advance(1);
  const res = await as(t, member, 'POST', `projects/${projectId}/deployments`, { modelId, pointIds });
  expect(res.status).toBe(201);
  return deploymentSchema.parse(res.body);
}

export async function targetOf(t: TestApp, deploymentId: string, pointId: string) {
  return t.database.db
    .selectFrom('deployment_targets')
    .select(['state', 'error', 'detail', 'progress'])
    .where('deployment_id', '=', deploymentId)
    .where('point_id', '=', pointId)
    .executeTakeFirstOrThrow();
}
