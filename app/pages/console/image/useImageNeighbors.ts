import { useInfiniteQuery } from '@tanstack/react-query';
import type { ImageItem } from '../../../../contract/apiProjects';
import { useEffect } from 'react';
import { projectsApi } from '../../../api/projectsApi';
import { projectKeys } from '../projects/projectQueries';

/** Images per page while looking for the neighbours (the API's largest page). */
const ORDER_PAGE = 500;

export interface ImageNeighbors {
  prevId: string | null;
  nextId: string | null;
  /** 1-based position in the list, or null until found. */
  index: number | null;
  total: number | null;
  /** Up to FILMSTRIP_SIDE images on each side of this one, and this one, in list order. */
  around: ImageItem[];
}

/** Images the filmstrip shows on each side of the current one. */
export const FILMSTRIP_SIDE = 3;

/**
 * The images before and after `imageId` in the image list's default order (no filter, newest
 * first). Pages are read only as far as needed and kept for the whole project, so stepping
 * through the images reuses them.
 */
export function useImageNeighbors(projectId: string, imageId: string): ImageNeighbors {
  const order = useInfiniteQuery({
    queryKey: [...projectKeys.images(projectId), 'order'],
    queryFn: ({ pageParam }) =>
      projectsApi.images(projectId, { limit: ORDER_PAGE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = order.data?.pages.flatMap((page) => page.items) ?? [];
  const ids = items.map((item) => item.id);
  const at = ids.indexOf(imageId);
  // Read on while the image, or the one after it, lies beyond the pages read so far.
  const needMore = order.isSuccess && order.hasNextPage && (at === -1 || at === ids.length - 1);
  const { fetchNextPage, isFetchingNextPage } = order;
  useEffect(() => {
    if (needMore && !isFetchingNextPage) void fetchNextPage();
  }, [needMore, isFetchingNextPage, fetchNextPage]);

  if (at === -1)
    return { prevId: null, nextId: null, index: null, total: order.data?.pages[0]?.total ?? null, around: [] };
  return {
    around: items.slice(Math.max(0, at - FILMSTRIP_SIDE), at + FILMSTRIP_SIDE + 1),
    prevId: at > 0 ? (ids[at - 1] ?? null) : null,
    nextId: ids[at + 1] ?? null,
    index: at + 1,
    total: order.data?.pages[0]?.total ?? null,
  };
}
