import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';

/** The answer for an image id that is not in the path's project (another project's ids too). */
export const imageNotFound = () => new ApiError('not_found', 'No such image.');

/** Throws `imageNotFound` unless `imageId` is an image of `projectId` (works inside a transaction). */
export async function requireProjectImage(db: Db, projectId: string, imageId: string): Promise<void> {
  const image = await db
    .selectFrom('images')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (!image) throw imageNotFound();
}
