import { imageSchema, type ImageItem } from '../../../../contract/apiProjects';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { uploadBytesPath } from '../../../api/projectsApi';
import { answerJson, putBlob } from './putBlob';

/**
 * Sends the bytes of `uploadId` with progress (streamed from disk, see putBlob); answers the new
 * image (state 'processing'). A 401 renews the token once and sends again.
 */
export async function sendUploadBytes(
  projectId: string,
  uploadId: string,
  file: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<ImageItem> {
  const answer = await putBlob(uploadBytesPath(projectId, uploadId), file, onProgress, signal);
  const parsed = imageSchema.safeParse(answerJson(answer.body));
  if (!parsed.success) throw new ApiRequestError({ status: answer.status, code: 'internal' });
  return parsed.data;
}
