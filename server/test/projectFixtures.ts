import { randomUUID } from 'node:crypto';
import { imageRow } from './fixtures/testRows';
import { seedBoxes } from './seedBoxes';
import type { TestApp } from './testApp';
import type { TestUser } from './testUsers';

/** A JSON request as `user` (null: anonymous) → status and parsed body. */
export async function as(t: TestApp, user: TestUser | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (user) headers.Authorization = user.auth;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await t.app.request(`/api/${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are checked by the assertions
  const json: any = text ? JSON.parse(text) : null;
  return { status: res.status, body: json };
}

/** Adds `user` to the project with `role`, straight in the database. */
export async function addProjectMember(
  t: TestApp,
  projectId: string,
  user: TestUser,
  role: 'admin' | 'member' | 'worker',
) {
  await t.database.db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: user.id, role, joined_at: t.clock.now().toISOString() })
    .execute();
}

export interface SeedImage {
  fileName?: string;
  bytes?: number;
  createdAt?: string;
  split?: string;
  labeled?: boolean;
  thumb?: boolean;
  pyramid?: object | null;
  workerId?: string | null;
}

/**
 * An image row as the processing job leaves it (state 'ready'), written straight in the database:
 * the upload path is another router's and is tested there.
 */
export async function seedImage(t: TestApp, projectId: string, opts: SeedImage = {}): Promise<string> {
  const id = randomUUID();
  const now = opts.createdAt ?? t.clock.now().toISOString();
  await t.database.db
    .insertInto('images')
    .values(
      imageRow(now, {
        id,
        project_id: projectId,
        ...(opts.fileName !== undefined ? { file_name: opts.fileName } : {}),
        bytes: opts.bytes ?? 1000,
        thumb_key: opts.thumb === false ? null : 'b'.repeat(64),
        pyramid: opts.pyramid ? JSON.stringify(opts.pyramid) : null,
        split: opts.split ?? 'train',
        labeled: opts.labeled ? 1 : 0,
        worker_id: opts.workerId ?? null,
      }),
    )
    .execute();
  return id;
}

/** A box annotation of `labelId` on the image (marks the image labeled, as the studio will). */
export async function seedAnnotation(t: TestApp, imageId: string, labelId: string): Promise<string> {
  const [id] = await seedBoxes(t.database.db, {
    imageId,
    labelId,
    count: 1,
    place: () => ({ x: 1, y: 1, width: 30, height: 30 }),
    now: t.clock.now().toISOString(),
  });
  await t.database.db
    .updateTable('images')
    .set((eb) => ({
      labeled: 1,
      annotation_count: eb('annotation_count', '+', 1),
      annotation_revision: eb('annotation_revision', '+', 1),
    }))
    .where('id', '=', imageId)
    .execute();
  return id!;
}
