import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import {
  canSeeResource,
  selectResources,
  viewerMarks,
  type ResourceRow,
  type Viewer,
  type ViewerMarks,
} from './resourceViews';

/** A resource the viewer may see, with what they have to do with it. */
export interface VisibleResource {
  row: ResourceRow;
  marks: ViewerMarks;
}

export const resourceNotFound = () => new ApiError('not_found', 'No such resource.');

/**
 * The resource as the viewer may see it (resourceViews.ts canSeeResource: a live purchase counts),
 * or a 404 `not_found` — the same answer for a resource that does not exist and one that is not
 * theirs to see, so nobody learns that a private or unapproved one exists.
 */
export async function visibleResource(db: Db, resourceId: string, viewer: Viewer): Promise<VisibleResource> {
  const row = await selectResources(db).where('resources.id', '=', resourceId).executeTakeFirst();
  if (!row) throw resourceNotFound();
  const marks = (await viewerMarks(db, viewer, [row.id])).get(row.id)!;
  if (!canSeeResource(row, viewer, marks.purchased)) throw resourceNotFound();
  return { row, marks };
}
