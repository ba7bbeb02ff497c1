import type { ImageFailure, UploadImageState } from '../../contract/apiUploads';
import type { IMAGE_STATES } from '../../contract/apiProjects';
import type { Db } from '../db/Db';
import { IMAGE_INVALID_MESSAGE } from '../images/datasetImageProbe';

/**
 * The `errors:` key for an image's stored failure text. The processing job stores an English
 * sentence (for logs and the list's tooltip); the one failure that is the file's fault keeps
 * its own key, everything else is 'could not be processed'.
 */
export function imageFailureOf(error: string | null): ImageFailure {
  return error === IMAGE_INVALID_MESSAGE ? 'image_invalid' : 'image_processing_failed';
}

/** The state of each of these images that belongs to the project; other ids are left out. */
export async function uploadImageStates(
  db: Db,
  projectId: string,
  imageIds: readonly string[],
): Promise<UploadImageState[]> {
  const rows = await db
    .selectFrom('images')
    .select(['id', 'state', 'error'])
    .where('project_id', '=', projectId)
    .where('id', 'in', [...new Set(imageIds)])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    state: r.state as (typeof IMAGE_STATES)[number],
    error: r.state === 'failed' ? imageFailureOf(r.error) : null,
  }));
}
