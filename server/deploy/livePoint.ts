import type { PointKind } from '../../contract/apiDeploy';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';

export const pointNotFound = (kind?: PointKind) =>
  new ApiError(
    'not_found',
    kind === 'edge' ? 'No such edge point.' : kind === 'web' ? 'No such web point.' : 'No such point.',
  );

/**
 * A live point of the project (deleted ones are gone for every route), optionally of one kind:
 * an action of the other kind (keys of an edge point, a ping to a web point) is a 404 as well.
 */
export async function requireLivePoint(db: Db, projectId: string, pointId: string, kind?: PointKind) {
  const row = await db
    .selectFrom('points')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', pointId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || (kind && row.kind !== kind)) throw pointNotFound(kind);
  return row;
}
