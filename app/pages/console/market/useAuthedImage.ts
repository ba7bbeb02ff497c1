import { useEffect, useState } from 'react';
import { apiUrl } from '../../../api/apiFetch';
import { authorizedFetch } from '../../../api/authorizedFetch';

/**
 * An API image fetched with the token (a private or unapproved resource's covers and samples need
 * it, which an <img> cannot send), as an object URL revoked when the image leaves. `failed` when
 * the server refused it or it did not arrive.
 */
export function useAuthedImage(path: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    authorizedFetch(apiUrl(path), { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        created = URL.createObjectURL(await response.blob());
        if (controller.signal.aborted) URL.revokeObjectURL(created);
        else setState({ src: created, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setState({ src: null, failed: false });
    };
  }, [path]);
  return state;
}
