import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { JobQueue } from '../jobs/jobQueue';
import type { JobRunner } from '../jobs/jobRunner';
import { seedProject } from './fixtures/projectSeed';
import { testJobRunner } from './testJobRunner';
import { createTestApp, type TestApp } from './testApp';
import { createTestUser, jsonInit, type TestUser } from './testUsers';

/*
 * The upload route tests' shared set-up and helpers (server/routes/uploads*.test.ts). The users,
 * project and app are live bindings, set by the file's beforeAll.
 */

export let t: TestApp;
export let admin: TestUser;
export let member: TestUser;
export let worker: TestUser;
export let outsider: TestUser;
export let project: Awaited<ReturnType<typeof seedProject>>;
export let runner: JobRunner;
export let queue: JobQueue;

/** Registers the test file's set-up: a fresh app, four users, a project with two labels, a job runner. */
export function setUpUploadsTestBed(): void {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t);
    member = await createTestUser(t);
    worker = await createTestUser(t);
    outsider = await createTestUser(t);
    project = await seedProject(t, {
      members: [
        { user: admin, role: 'admin' },
        { user: member, role: 'member' },
        { user: worker, role: 'worker' },
      ],
      labels: ['car', 'person'],
    });
    ({ queue, runner } = testJobRunner(t, 'test-worker'));
  });
  afterAll(() => t.close());
}

/** Swaps users a test has replaced (ES module bindings are read-only where imported). */
export function replaceUsers(users: { member?: TestUser; worker?: TestUser }): void {
  if (users.member) member = users.member;
  if (users.worker) worker = users.worker;
}

export async function api(method: string, p: string, user: TestUser | null, body?: unknown) {
  const res = await t.app.request(`/api/${p}`, jsonInit(method, user, body));
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by the assertions
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any, headers: res.headers };
}

export async function put(
  projectId: string,
  uploadId: string,
  user: TestUser,
  body: BodyInit,
  headers: Record<string, string> = {},
) {
  const res = await t.app.request(`/api/projects/${projectId}/uploads/${uploadId}`, {
    method: 'PUT',
    headers: { Authorization: user.auth, 'Content-Type': 'application/octet-stream', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by the assertions
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

/** POST then PUT of one file; returns both answers. */
export async function upload(
  bytes: Buffer,
  opts: {
    user?: TestUser;
    projectId?: string;
    fileName?: string;
    declared?: number;
    label?: string;
    folder?: string;
  } = {},
) {
  const user = opts.user ?? member;
  const projectId = opts.projectId ?? project.id;
  const created = await api('POST', `projects/${projectId}/uploads`, user, {
    fileName: opts.fileName ?? 'image.png',
    bytes: opts.declared ?? bytes.length,
    ...(opts.label !== undefined ? { label: opts.label } : {}),
    ...(opts.folder !== undefined ? { folder: opts.folder } : {}),
  });
  if (created.status !== 201) return { created, stored: null };
  const stored = await put(projectId, created.body.uploadId as string, user, new Uint8Array(bytes));
  return { created, stored };
}

/** Every stored blob (the blob folder without its temp folder). */
export function blobFiles(): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => d !== 'tmp')
    .flatMap((d) => readdirSync(path.join(root, d)));
}

export async function imageCount() {
  const rows = await t.database.db.selectFrom('images').select('id').execute();
  return rows.length;
}

export async function runAllJobs() {
  while (await runner.runOnce()) {
    /* until the queue is empty */
  }
}

export const fileUrl = (imageId: string, rest: string) => `/api/projects/${project.id}/images/${imageId}/${rest}`;
export const getFile = (url: string, user: TestUser, headers: Record<string, string> = {}) =>
  t.app.request(url, { headers: { Authorization: user.auth, ...headers } });
