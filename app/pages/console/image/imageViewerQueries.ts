import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { projectsApi } from '../../../api/projectsApi';
import { projectKeys } from '../projects/projectQueries';

/** While the image is still processing, the viewer asks again this often (ms). */
export const PROCESSING_POLL_MS = 2000;

/** Keys under the project's images, so that any change to the images refreshes the viewer too. */
export const imageViewerKeys = {
  image: (projectId: string, imageId: string) => [...projectKeys.images(projectId), 'one', imageId] as const,
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
