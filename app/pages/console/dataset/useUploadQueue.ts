import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiRequestError, errorCodeOf } from '../../../api/ApiRequestError';
import { projectsApi } from '../../../api/projectsApi';
import { projectKeys } from '../projects/projectQueries';
import { sendUploadBytes } from './sendUploadBytes';
import { UploadQueue, type UploadSnapshot, type UploadTransport } from './UploadQueue';

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
    send: async (uploadId, file, onProgress, signal) =>
      (await sendUploadBytes(projectId, uploadId, file, onProgress, signal)).id,
    cancel: (uploadId) => projectsApi.cancelUpload(projectId, uploadId),
  };
}

/**
 * One upload queue per project page, its snapshot as React state, and `onSettled` once each
 * time the queue empties (to say 'Upload is complete.'). The image list is refreshed as files
 * land so their processing state shows.
 */
export function useUploadQueue(projectId: string, onSettled: (snapshot: UploadSnapshot) => void) {
  const client = useQueryClient();
  const [queue] = useState(() => new UploadQueue(apiUploadTransport(projectId), errorCodeOf));
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const wasBusy = useRef(false);
  const done = useRef(0);
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  useEffect(() => {
    if (snapshot.doneCount !== done.current) {
      done.current = snapshot.doneCount;
      void client.invalidateQueries({ queryKey: projectKeys.images(projectId) });
    }
    if (!snapshot.settled) {
      wasBusy.current = true;
    } else if (wasBusy.current) {
      wasBusy.current = false;
      void client.invalidateQueries({ queryKey: projectKeys.project(projectId) });
      settledRef.current(snapshot);
    }
  }, [snapshot, client, projectId]);

  useEffect(() => () => queue.cancelAll(), [queue]);
  return { queue, snapshot };
}
