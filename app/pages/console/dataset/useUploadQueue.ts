import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { projectKeys } from '../projects/projectQueries';
import { UploadQueue, type UploadSnapshot } from './UploadQueue';
import { apiDuplicateFinder, apiUploadTransport } from './uploadTransport';

/** The image list is refreshed at most this often while images land or change state (ms). */
const LIST_REFRESH_MS = 1000;

/**
 * One upload queue per project page, its snapshot as React state, and `onSettled` once each
 * time every row has reached its end (to say 'Upload is complete.'). The queue follows its own
 * images on the server; the image list and the project's counts are refreshed as they land and
 * change state (throttled, so a batch of hundreds does not refetch the list hundreds of times).
 */
export function useUploadQueue(projectId: string, onSettled: (snapshot: UploadSnapshot) => void) {
  const client = useQueryClient();
  const [queue] = useState(
    () => new UploadQueue(apiUploadTransport(projectId), errorCodeOf, { finder: apiDuplicateFinder(projectId) }),
  );
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const wasBusy = useRef(false);
  const seenChanges = useRef(0);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  useEffect(() => {
    if (snapshot.serverChanges !== seenChanges.current && !refreshTimer.current) {
      refreshTimer.current = setTimeout(() => {
        refreshTimer.current = null;
        seenChanges.current = queue.getSnapshot().serverChanges;
        void client.invalidateQueries({ queryKey: projectKeys.images(projectId) });
        void client.invalidateQueries({ queryKey: projectKeys.project(projectId) });
      }, LIST_REFRESH_MS);
    }
    if (!snapshot.settled) {
      wasBusy.current = true;
    } else if (wasBusy.current) {
      wasBusy.current = false;
      settledRef.current(snapshot);
    }
  }, [snapshot, client, projectId, queue]);

  useEffect(() => {
    queue.resume();
    return () => {
      queue.cancelAll();
      queue.pause();
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      refreshTimer.current = null;
    };
  }, [queue]);
  return { queue, snapshot };
}
