import {
  uploadDuplicatesSchema,
  uploadStatesSchema,
  type UploadDuplicate,
  type UploadImageState,
} from '../../../../contract/apiUploads';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { apiFetch } from '../../../api/apiFetch';
import { projectsApi } from '../../../api/projectsApi';
import { sendUploadBytes } from './sendUploadBytes';
import type { DuplicateFinder, UploadTransport } from './uploadTypes';
import { hashFileOffThread } from './hashFileOffThread';

const uploadsPath = (projectId: string) => `projects/${encodeURIComponent(projectId)}/uploads`;

/** POST …/uploads/duplicates: which of these hashes the project already holds (contract/apiUploads.ts). */
export async function findUploadDuplicates(projectId: string, hashes: string[]): Promise<UploadDuplicate[]> {
  const answer = await apiFetch(`${uploadsPath(projectId)}/duplicates`, {
    method: 'POST',
    body: { hashes },
    schema: uploadDuplicatesSchema,
  });
  return answer.matches;
}

/** POST …/uploads/states: how these images are doing on the server. */
export async function fetchUploadStates(projectId: string, imageIds: string[]): Promise<UploadImageState[]> {
  const answer = await apiFetch(`${uploadsPath(projectId)}/states`, {
    method: 'POST',
    body: { imageIds },
    schema: uploadStatesSchema,
  });
  return answer.images;
}

/** The API as an upload transport: POST uploads announces a file, PUT sends its bytes. */
export function apiUploadTransport(projectId: string): UploadTransport {
  return {
    create: async (item) => {
      // An empty file can only be a broken image; the server would refuse its size anyway.
      if (item.bytes === 0) throw new ApiRequestError({ status: 400, code: 'image_invalid' });
      const body = {
        fileName: item.name.slice(0, 255),
        bytes: item.bytes,
        ...(item.folder !== undefined ? { folder: item.folder.slice(0, 255) } : {}),
        ...(item.label ? { label: item.label } : {}),
      };
      return (await projectsApi.createUpload(projectId, body)).uploadId;
    },
    send: async (uploadId, file, onProgress, signal) => {
      const image = await sendUploadBytes(projectId, uploadId, file, onProgress, signal);
      return { id: image.id, state: image.state };
    },
    cancel: (uploadId) => projectsApi.cancelUpload(projectId, uploadId),
    states: (imageIds) => fetchUploadStates(projectId, imageIds),
  };
}

/** The duplicate check against the API, hashing in a worker. */
export function apiDuplicateFinder(projectId: string): DuplicateFinder {
  return {
    hash: hashFileOffThread,
    find: (hashes) => findUploadDuplicates(projectId, hashes),
  };
}
