import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImageLock } from '../../../../../contract/apiImageLocks';
import { ImageLockClient, type ImageLockSnapshot, type ImageLockStatus } from './imageLock';

export interface ImageLockHandle {
  status: ImageLockStatus;
  lock: ImageLock | null;
  /** 'theirs' and the holder's lease ended: offer to take over. */
  canTakeOver: boolean;
  takeOver(): Promise<void>;
}

const DISABLED: ImageLockSnapshot = { status: 'unavailable', lock: null, canTakeOver: false };

/**
 * The editing lease on the open image (see {@link ImageLockClient}): taken when the studio opens
 * it for editing, renewed while it stays open, released when it leaves (and with a keepalive
 * request when the page is hidden for good; taken again if the page comes back from the
 * back-forward cache). Disabled (a read-only role): 'unavailable', nothing is asked.
 */
export function useImageLock(projectId: string, imageId: string, { enabled }: { enabled: boolean }): ImageLockHandle {
  const [snapshot, setSnapshot] = useState<ImageLockSnapshot>(DISABLED);
  const client = useRef<ImageLockClient | null>(null);

  useEffect(() => {
    if (!enabled) {
      setSnapshot(DISABLED);
      return undefined;
    }
    const c = new ImageLockClient(projectId, imageId, { onChange: setSnapshot });
    client.current = c;
    setSnapshot(c.state);
    void c.start();
    const onHide = () => c.stop({ keepalive: true });
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void c.start();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
      c.stop();
      if (client.current === c) client.current = null;
    };
  }, [projectId, imageId, enabled]);

  const takeOver = useCallback(() => client.current?.takeOver() ?? Promise.resolve(), []);
  return { status: snapshot.status, lock: snapshot.lock, canTakeOver: snapshot.canTakeOver, takeOver };
}
