import { ENROLLMENT_TTL_MS, type Enrollment } from '../../contract/apiDeploy';
import type { Db } from '../db/Db';
import { newEnrollmentToken } from './secrets';

/** The copy-paste commands that start the agent against `publicUrl` with `token`. */
export function enrollmentCommands(publicUrl: string, token: string): { command: string; bundleCommand: string } {
  const server = publicUrl.replace(/\/+$/, '');
  return {
    command: `npm run edge-agent -- --server ${server} --token ${token}`,
    bundleCommand: `node maru-edge-agent.mjs --server ${server} --token ${token}`,
  };
}

/**
 * A new one-time enrolment token for an edge point; only its hash is stored. Earlier unused
 * tokens stay valid until they expire, and the enrolled device keeps working until one is used.
 */
export async function createEnrollment(
  db: Db,
  opts: { pointId: string; createdBy: string; now: Date; publicUrl: string },
): Promise<Enrollment> {
  const { token, hash } = newEnrollmentToken();
  const expiresAt = new Date(opts.now.getTime() + ENROLLMENT_TTL_MS).toISOString();
  await db
    .insertInto('point_enrollments')
    .values({
      token_hash: hash,
      point_id: opts.pointId,
      expires_at: expiresAt,
      used_at: null,
      created_by: opts.createdBy,
      created_at: opts.now.toISOString(),
    })
    .execute();
  return { token, expiresAt, ...enrollmentCommands(opts.publicUrl, token) };
}

/**
 * Ends a point's unused tokens (revocation and deletion): a token copied before the device was
 * revoked must not let it, or whoever holds the token, back in.
 */
export async function cancelEnrollments(db: Db, pointId: string, now: Date): Promise<void> {
  await db
    .updateTable('point_enrollments')
    .set({ used_at: now.toISOString() })
    .where('point_id', '=', pointId)
    .where('used_at', 'is', null)
    .execute();
}
