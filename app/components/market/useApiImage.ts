import { useEffect, useState } from 'react';
import { authorizedFetch } from '../../api/authorizedFetch';

/**
 * The src of an API image. An open one goes straight into the <img> (the browser caches it); one
 * that needs the token (which an <img> cannot send) is fetched with it and shown from an object
 * URL, revoked when the image leaves. `failed` turns true when it could not be fetched.
 */
export function useApiImage(url: string | null, needsToken: boolean): { src: string | null; failed: boolean } {
  const [fetched, setFetched] = useState<{ url: string; src: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!url || !needsToken) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    authorizedFetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        setFetched({ url, src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ url, src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, needsToken]);
  if (!url) return { src: null, failed: false };
  if (!needsToken) return { src: url, failed: false };
  return fetched?.url === url ? { src: fetched.src, failed: fetched.failed } : { src: null, failed: false };
}
