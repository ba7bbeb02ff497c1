import type { AgentEnrolled, AgentRuntime } from '../../../contract/apiAgent';
import type { Db } from '../../db/Db';
import { ApiError } from '../../http/ApiError';
import { newDeviceCredential, sha256Hex } from '../secrets';

const invalid = () =>
  new ApiError(
    'enrollment_invalid',
    'This enrolment token is unknown, used or expired: create a new one in the console.',
  );

/**
 * Uses a one-time enrolment token: the token is claimed with a compare-and-set (unused and unexpired
 * → used), so two agents racing with one token get one device between them; the point's device is
 * then replaced whole (new id and secret, runtime, no revocation, nothing reported yet), which cuts
 * off any earlier device of the point (kept in retired_devices, so that it is told why). Run inside a transaction so a refused point leaves the token
 * unclaimed.
 */
export async function enrolDevice(
  db: Db,
  opts: { token: string; runtime: AgentRuntime; now: Date; heartbeatSeconds: number },
): Promise<AgentEnrolled> {
  const at = opts.now.toISOString();
  const tokenHash = sha256Hex(opts.token);
  const enrollment = await db
    .selectFrom('point_enrollments')
    .innerJoin('points', 'points.id', 'point_enrollments.point_id')
    .innerJoin('projects', 'projects.id', 'points.project_id')
    .select([
      'points.id',
      'points.name',
      'points.kind',
      'points.deleted_at',
      'projects.deleted_at as project_deleted_at',
    ])
    .where('point_enrollments.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!enrollment || enrollment.kind !== 'edge' || enrollment.deleted_at || enrollment.project_deleted_at)
    throw invalid();
  const claimed = await db
    .updateTable('point_enrollments')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw invalid();
  // The replaced device learns so at its next call (deviceAuth.ts), and stops. Read after the claim,
  // so that of two enrolments with two tokens at once the later one retires the earlier's device.
  const replaced = await db
    .selectFrom('points')
    .select(['device_id', 'device_secret_hash'])
    .where('id', '=', enrollment.id)
    .executeTakeFirstOrThrow();
  if (replaced.device_id)
    await db
      .insertInto('retired_devices')
      .values({
        device_id: replaced.device_id,
        point_id: enrollment.id,
        secret_hash: replaced.device_secret_hash,
        retired_at: at,
      })
      .onConflict((oc) => oc.column('device_id').doNothing())
      .execute();
  const device = newDeviceCredential();
  await db
    .updateTable('points')
    .set({
      device_id: device.deviceId,
      device_secret_hash: device.secretHash,
      device_enrolled_at: at,
      device_runtime: JSON.stringify(opts.runtime),
      device_reported: null,
      last_seen_at: at,
      revoked_at: null,
      updated_at: at,
    })
    .where('id', '=', enrollment.id)
    .execute();
  return {
    deviceId: device.deviceId,
    credential: device.credential,
    pointId: enrollment.id,
    pointName: enrollment.name,
    heartbeatSeconds: opts.heartbeatSeconds,
  };
}
