import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { imageAnnotationsSchema, type Annotation } from '../../../../contract/apiAnnotations';
import { apiFetch } from '../../../api/apiFetch';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { projectsApi } from '../../../api/projectsApi';
import { projectKeys } from '../projects/projectQueries';

/** While the image is still processing, the viewer asks again this often (ms). */
export const PROCESSING_POLL_MS = 2000;

/** Keys under the project's images, so that any change to the images refreshes the viewer too. */
export const imageViewerKeys = {
  image: (projectId: string, imageId: string) => [...projectKeys.images(projectId), 'one', imageId] as const,
  annotations: (projectId: string, imageId: string) =>
    [...projectKeys.images(projectId), 'one', imageId, 'annotations'] as const,
};

/**
 * One image, polled while it is processing so the viewer opens it as soon as it is ready. While
 * the next image loads, the previous one stays, so the stage (and its WebGL context) stays too.
 */
export function useImage(projectId: string, imageId: string) {
  return useQuery({
    queryKey: imageViewerKeys.image(projectId, imageId),
    queryFn: () => projectsApi.image(projectId, imageId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.state === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

/**
 * The image's annotations (GET …/images/:imageId/annotations), as one query definition shared by
 * the studio and its prefetch of the neighbouring images. A server without that route answers
 * 404: the image then shows without annotations rather than an error.
 */
export function annotationsQuery(projectId: string, imageId: string) {
  return queryOptions({
    queryKey: imageViewerKeys.annotations(projectId, imageId),
    queryFn: async (): Promise<Annotation[]> => {
      try {
        const body = await apiFetch(
          `projects/${encodeURIComponent(projectId)}/images/${encodeURIComponent(imageId)}/annotations`,
          { schema: imageAnnotationsSchema },
        );
        return body.annotations;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

export function useImageAnnotations(projectId: string, imageId: string, enabled: boolean) {
  return useQuery({ ...annotationsQuery(projectId, imageId), enabled });
}
