import { assistModelSchema, type Model } from '../../../../../contract/apiModels';
import { imagePredictionsSchema, trainingSchema } from '../../../../../contract/apiTraining';
import { apiFetch, apiUrl } from '../../../../api/apiFetch';
import { ApiRequestError } from '../../../../api/ApiRequestError';
import { authorizedFetch } from '../../../../api/authorizedFetch';

const p = encodeURIComponent;
const trainingHeadSchema = trainingSchema.pick({ id: true, number: true, status: true });

/** Query keys of the assist AI (the models page invalidates `['projects', id, 'assist-model']`). */
export const assistModelKey = (projectId: string) => ['projects', projectId, 'assist-model'] as const;
export const trainingPredictionsKey = (projectId: string, trainingId: string, imageId: string) =>
  ['projects', projectId, 'trainings', trainingId, 'predictions', imageId] as const;
export const trainingKey = (projectId: string, trainingId: string) =>
  ['projects', projectId, 'trainings', trainingId] as const;

export const assistApi = {
  /** The project's assist model (null until one is chosen or trained). */
  assistModel: async (projectId: string): Promise<Model | null> =>
    (await apiFetch(`projects/${p(projectId)}/assist-model`, { schema: assistModelSchema })).model,
  /** The model zip's bytes (fetched with the token; the worker reads them). */
  async modelZip(projectId: string, modelId: string, signal?: AbortSignal): Promise<ArrayBuffer> {
    let response: Response;
    try {
      response = await authorizedFetch(apiUrl(`projects/${p(projectId)}/models/${p(modelId)}/download`), {
        signal: signal ?? null,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiRequestError({ status: 0, code: 'network' });
    }
    if (!response.ok) throw new ApiRequestError({ status: response.status, code: statusCode(response.status) });
    return response.arrayBuffer();
  },
  /** What a training's model predicted for one test image (404 when the image was not tested). */
  predictions: (projectId: string, trainingId: string, imageId: string) =>
    apiFetch(`projects/${p(projectId)}/trainings/${p(trainingId)}/predictions/${p(imageId)}`, {
      schema: imagePredictionsSchema,
    }),
  /** The training's id and number (#n, for the legend): only what the studio shows is checked. */
  training: (projectId: string, trainingId: string) =>
    apiFetch(`projects/${p(projectId)}/trainings/${p(trainingId)}`, { schema: trainingHeadSchema }),
};

function statusCode(status: number): 'not_found' | 'forbidden' | 'internal' {
  if (status === 404) return 'not_found';
  if (status === 403) return 'forbidden';
  return 'internal';
}
