import {
  imageDeleteResultSchema,
  type ImageDeleteRequest,
  type ImageDeleteResult,
} from '../../../../contract/apiImageDelete';
import { apiFetch } from '../../../api/apiFetch';

/** POST projects/:projectId/image-deletions (contract/apiImageDelete.ts); `dryRun` in the request only counts. */
export function requestImageDelete(
  projectId: string,
  request: ImageDeleteRequest,
  signal?: AbortSignal,
): Promise<ImageDeleteResult> {
  return apiFetch(`projects/${encodeURIComponent(projectId)}/image-deletions`, {
    method: 'POST',
    body: request,
    schema: imageDeleteResultSchema,
    ...(signal ? { signal } : {}),
  });
}
