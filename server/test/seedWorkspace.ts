import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { signAccessToken } from '../auth/accessToken';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { insertProject } from './fixtures/projectSeed';
import { imageRow, userRow } from './fixtures/testRows';

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
  const imageIds = Array.from({ length: opts.images }, () => randomUUID());
  const passwordHash = await hashPassword(password);
  const labelNames = Array.from({ length: opts.labels ?? 3 }, (_, i) => `label ${i}`);
  const project = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(userRow(now, { id: userId, email, name: 'Owner', password_hash: passwordHash, locale: 'en' }))
      .execute();
    const seeded = await insertProject(trx, now, {
      title: 'Workspace',
      members: [{ user: { id: userId }, role: 'admin' }],
      labels: labelNames,
    });
    for (const [i, id] of imageIds.entries()) {
      await trx
        .insertInto('images')
        .values(
          imageRow(now, {
            id,
            project_id: seeded.id,
            file_name: `seed-${i}.jpg`,
            ...SEED_IMAGE_SIZE,
            uploaded_by: userId,
          }),
        )
        .execute();
    }
    return seeded;
  });
  const labelIds = labelNames.map((name) => project.labels[name] ?? '');
  return { userId, email, password, projectId: project.id, labelIds, imageIds } satisfies Workspace;
}

/** An `Authorization` header value for `userId`, signed with the server's secret. */
export async function bearerFor(jwtSecret: string, userId: string, ttlS = 3600): Promise<string> {
  // signAccessToken reads only the secret, the token lifetime and the clock.
  const ctx = { config: { JWT_SECRET: jwtSecret, ACCESS_TOKEN_TTL_S: ttlS }, now: () => new Date() };
  return `Bearer ${await signAccessToken(ctx as unknown as AppContext, userId)}`;
}
