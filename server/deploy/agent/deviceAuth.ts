import { createMiddleware } from 'hono/factory';
import type { AppContext, AppEnv } from '../../context';
import { ApiError } from '../../http/ApiError';
import { bearerOf, parseDeviceCredential, secretMatches } from '../secrets';

/** The device a call comes from, once its credential checked out. */
export interface AgentDevice {
  deviceId: string;
  pointId: string;
  projectId: string;
  pointName: string;
}

export interface AgentEnv {
  Variables: AppEnv['Variables'] & { device: AgentDevice };
}

const unauthorized = () =>
  new ApiError('unauthorized', 'This call needs the device credential the agent got when it enrolled.');
const revoked = () =>
  new ApiError(
    'device_revoked',
    'This device was revoked, replaced by a new enrolment, or its point deleted: enrol it again with a new token.',
  );

/**
 * The device behind `Authorization: Bearer <deviceId>.<secret>`: one lookup by device id and one
 * constant-time comparison. A user's token never parses as a credential, so users get 401 here.
 * Revoking a device or deleting its point clears the secret's hash, so such a device is known by
 * its id alone; a point of a deleted project keeps its hash, and its device must still prove itself
 * before it learns that.
 */
export async function authenticateDevice(ctx: AppContext, header: string | undefined): Promise<AgentDevice> {
  const parsed = parseDeviceCredential(bearerOf(header) ?? '');
  if (!parsed) throw unauthorized();
  const row = await ctx.db
    .selectFrom('points')
    .innerJoin('projects', 'projects.id', 'points.project_id')
    .select([
      'points.id',
      'points.project_id',
      'points.name',
      'points.kind',
      'points.device_secret_hash',
      'points.revoked_at',
      'points.deleted_at',
      'projects.deleted_at as project_deleted_at',
    ])
    .where('points.device_id', '=', parsed.deviceId)
    .executeTakeFirst();
  if (!row) throw await retiredOrUnknown(ctx, parsed.deviceId, parsed.secret);
  if (row.kind !== 'edge') throw unauthorized();
  if (row.device_secret_hash === null) throw revoked();
  if (!secretMatches(parsed.secret, row.device_secret_hash)) throw unauthorized();
  if (row.revoked_at || row.deleted_at || row.project_deleted_at) throw revoked();
  return { deviceId: parsed.deviceId, pointId: row.id, projectId: row.project_id, pointName: row.name };
}

/** A device replaced by a new enrolment is told so (when it proves it is that device); anyone else is unknown. */
async function retiredOrUnknown(ctx: AppContext, deviceId: string, secret: string): Promise<ApiError> {
  const retired = await ctx.db
    .selectFrom('retired_devices')
    .select('secret_hash')
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  if (!retired) return unauthorized();
  return retired.secret_hash === null || secretMatches(secret, retired.secret_hash) ? revoked() : unauthorized();
}

/** Route middleware: `c.get('device')` after it. */
export function requireDevice(ctx: AppContext) {
  return createMiddleware<AgentEnv>(async (c, next) => {
    c.set('device', await authenticateDevice(ctx, c.req.header('Authorization')));
    await next();
  });
}
