import {
  imageDeleteResultSchema,
  type ImageDeleteRequest,
  type ImageDeleteResult,
} from '../../../../contract/apiImageDelete';
import { apiFetch } from '../../../api/apiFetch';

/** POST projects/:projectId/images/delete (contract/apiImageDelete.ts); `dryRun` in the request only counts. */
export function requestImageDelete(
  projectId: string,
  request: ImageDeleteRequest,
  signal?: AbortSignal,
): Promise<ImageDeleteResult> {
  return apiFetch(`projects/${encodeURIComponent(projectId)}/images/delete`, {
    method: 'POST',
    body: request,
    schema: imageDeleteResultSchema,
    ...(signal ? { signal } : {}),
  });
}
