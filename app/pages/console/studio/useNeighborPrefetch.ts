import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { imageViewerKeys } from '../image/imageViewerQueries';
import type { ImageNeighbors } from '../image/useImageNeighbors';
import { prefetchImage } from './prefetchImage';
import { syncManagerFor } from './sync/SyncManager';

/**
 * Fetches the next and previous images ahead (their list entry, annotations and first tiles), once
 * per image per visit, so A and D show them at once. The list entry seeds the image query, so the
 * studio has the new image's size and pyramid without a round trip; with `userId`, the annotations
 * go into that user's save layer, which the opened image reads them from.
 */
export function useNeighborPrefetch(projectId: string, neighbors: ImageNeighbors, userId = ''): void {
  const client = useQueryClient();
  const done = useRef(new Set<string>());
  const { prevId, nextId, around } = neighbors;
  useEffect(() => {
    for (const id of [nextId, prevId]) {
      if (!id || done.current.has(id)) continue;
      const item = around.find((i) => i.id === id);
      if (!item) continue;
      done.current.add(id);
      const key = imageViewerKeys.image(projectId, id);
      if (client.getQueryData(key) === undefined) client.setQueryData(key, item);
      prefetchImage(projectId, item, userId ? syncManagerFor(userId) : undefined);
    }
  }, [client, projectId, prevId, nextId, around, userId]);
}
