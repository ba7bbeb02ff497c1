import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { signAccessToken } from '../auth/accessToken';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';

export interface Workspace {
  userId: string;
  email: string;
  password: string;
  projectId: string;
  labelIds: string[];
  /** Ready 640 × 480 images without blobs (enough for annotation saves), named seed-<n>.jpg. */
  imageIds: string[];
}

export const SEED_IMAGE_SIZE = { width: 640, height: 480 } as const;

/**
 * A verified user with a password, owning an object-detection project with labels and images,
 * written straight into a migrated database: what a test of the server process needs before it
 * starts the process.
 */
export async function seedWorkspace(db: Kysely<Database>, opts: { images: number; labels?: number }) {
  const now = new Date().toISOString();
  const userId = randomUUID();
  const email = `owner-${userId.slice(0, 8)}@example.com`;
  const password = 'Owner1pass!';
  const projectId = randomUUID();
  const labelIds = Array.from({ length: opts.labels ?? 3 }, () => randomUUID());
  const imageIds = Array.from({ length: opts.images }, () => randomUUID());
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email,
        name: 'Owner',
        password_hash: passwordHash,
        scope: 'user',
        email_verified_at: now,
        introduction: '',
        avatar_key: null,
        notify_notice: 1,
        notify_training: 1,
        notify_market: 0,
        locale: 'en',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('projects')
      .values({
        id: projectId,
        organization_id: null,
        title: 'Workspace',
        description: '',
        kind: 'IMAGE',
        subtype: 'IMAGE_OBJECT_DETECTION',
        split_train: 70,
        split_validation: 20,
        split_test: 10,
        split_seed: 1,
        schedule_enabled: 0,
        schedule_cycle: null,
        created_by: userId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .execute();
    await trx
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: userId, role: 'admin', joined_at: now })
      .execute();
    for (const [i, id] of labelIds.entries()) {
      await trx
        .insertInto('labels')
        .values({
          id,
          project_id: projectId,
          name: `label ${i}`,
          name_key: `label ${i}`,
          color: `#${(0x2a7ae2 + i * 0x10101).toString(16).slice(-6)}`,
          position: i,
          created_at: now,
        })
        .execute();
    }
    for (const [i, id] of imageIds.entries()) {
      await trx
        .insertInto('images')
        .values({
          id,
          project_id: projectId,
          file_name: `seed-${i}.jpg`,
          folder: '',
          type: 'image/jpeg',
          ...SEED_IMAGE_SIZE,
          bytes: 1000,
          blob_key: 'a'.repeat(64),
          thumb_key: null,
          pyramid: null,
          state: 'ready',
          error: null,
          split: 'train',
          labeled: 0,
          worker_id: null,
          uploaded_by: userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
  return { userId, email, password, projectId, labelIds, imageIds } satisfies Workspace;
}

/** An `Authorization` header value for `userId`, signed with the server's secret. */
export async function bearerFor(jwtSecret: string, userId: string, ttlS = 3600): Promise<string> {
  // signAccessToken reads only the secret, the token lifetime and the clock.
  const ctx = { config: { JWT_SECRET: jwtSecret, ACCESS_TOKEN_TTL_S: ttlS }, now: () => new Date() };
  return `Bearer ${await signAccessToken(ctx as unknown as AppContext, userId)}`;
}
