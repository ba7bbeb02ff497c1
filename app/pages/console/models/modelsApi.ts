import { apiErrorBodySchema } from '../../../../contract/apiErrors';
import {
  MODEL_UPLOAD_ERROR_CODES,
  modelSchema,
  type Model,
  type ModelUploadErrorCode,
} from '../../../../contract/apiModels';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { apiFetch, apiUrl } from '../../../api/apiFetch';
import { authorizedFetch } from '../../../api/authorizedFetch';
import { sendBlob, type BlobAnswer } from '../../../api/sendBlob';
import { answerJson } from '../dataset/putBlob';

/** The models calls of contract/apiModels.ts that the Models tab makes. */

const p = (projectId: string) => `projects/${encodeURIComponent(projectId)}`;
const m = (projectId: string, modelId: string) => `${p(projectId)}/models/${encodeURIComponent(modelId)}`;

export const modelsApi = {
  rename: (projectId: string, modelId: string, tag: string | null) =>
    apiFetch(m(projectId, modelId), { method: 'PUT', body: { tag }, schema: modelSchema }),
  setAssist: (projectId: string, modelId: string | null) =>
    apiFetch(`${p(projectId)}/assist-model`, { method: 'PUT', body: { modelId } }),
  remove: (projectId: string, modelId: string) => apiFetch(m(projectId, modelId), { method: 'DELETE' }),
};

/** A refused upload: the API's code, and for `model_invalid` (or the worker's own check) why. */
export class ModelUploadError extends Error {
  readonly code: string;
  readonly modelError: ModelUploadErrorCode | null;
  /** For model_labels_unknown: the names the project lacks (worker check only). */
  readonly detail: string | null;
  constructor(code: string, modelError: ModelUploadErrorCode | null = null, detail: string | null = null) {
    super(modelError ?? code);
    this.name = 'ModelUploadError';
    this.code = code;
    this.modelError = modelError;
    this.detail = detail;
  }
}

function isModelError(value: unknown): value is ModelUploadErrorCode {
  return typeof value === 'string' && (MODEL_UPLOAD_ERROR_CODES as readonly string[]).includes(value);
}

/** The file name of a `Content-Disposition: attachment` answer (the UTF-8 form first). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * Downloads a model zip (a few MB: one Blob is fine) and saves it under the server's file name.
 * Throws ApiRequestError on a refusal.
 */
export async function downloadModel(projectId: string, model: Pick<Model, 'id' | 'tag'>): Promise<void> {
  let response: Response;
  try {
    response = await authorizedFetch(apiUrl(`${m(projectId, model.id)}/download`));
  } catch {
    throw new ApiRequestError({ status: 0, code: 'network' });
  }
  if (!response.ok) {
    const parsed = apiErrorBodySchema.safeParse(await response.json().catch(() => null));
    throw new ApiRequestError({
      status: response.status,
      code: parsed.success ? parsed.data.error.code : response.status === 404 ? 'not_found' : 'internal',
    });
  }
  const blob = await response.blob();
  const name = dispositionFileName(response.headers.get('Content-Disposition')) ?? `model-${model.tag ?? model.id}.zip`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has the Blob by then; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * POSTs a model zip with upload progress (app/api/sendBlob.ts) and answers the new model;
 * a refusal throws ModelUploadError with the API's code and `modelError`.
 */
export async function uploadModel(
  projectId: string,
  file: Blob,
  tag: string | null,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<Model> {
  const query = tag ? `?tag=${encodeURIComponent(tag)}` : '';
  const request = { method: 'POST', path: `${p(projectId)}/models${query}`, contentType: 'application/zip' } as const;
  let answer: BlobAnswer;
  try {
    answer = await sendBlob(request, file, onProgress, signal);
  } catch (error) {
    if (error instanceof ApiRequestError) throw new ModelUploadError(error.code);
    throw error;
  }
  const json = answerJson(answer.body);
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = modelSchema.safeParse(json);
    if (!parsed.success) throw new ModelUploadError('internal');
    return parsed.data;
  }
  const parsed = apiErrorBodySchema.safeParse(json);
  if (!parsed.success) throw new ModelUploadError(answer.status === 413 ? 'payload_too_large' : 'internal');
  const { code, modelError } = parsed.data.error;
  return Promise.reject(new ModelUploadError(code, isModelError(modelError) ? modelError : null));
}
