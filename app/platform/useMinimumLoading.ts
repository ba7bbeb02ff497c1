import { useEffect, useRef, useState } from 'react';

/** Spec: a fetch's loading state is shown for at least 200 ms. */
export const MIN_LOADING_MS = 200;

/**
 * The loading flag to display: it turns on with `loading`, but once on it stays on for at least
 * `minMs`, so that a fast response does not make a spinner or skeleton flash for a frame.
 * A load that ends before it is ever rendered shows nothing at all. If loading starts again
 * while the indicator is being held, it simply stays on.
 *
 * @param loading whether the data is loading now.
 * @param minMs the shortest time the indicator stays visible, in milliseconds.
 * @returns whether to show the loading indicator.
 */
export function useMinimumLoading(loading: boolean, minMs: number = MIN_LOADING_MS): boolean {
  // `holding` covers the time after `loading` turned off until `minMs` has passed since it was
  // first shown; the visible flag is `loading || holding`, so turning on never waits a render.
  const [holding, setHolding] = useState(false);
  const shownAt = useRef<number | null>(null);

  useEffect(() => {
    if (loading) {
      shownAt.current ??= Date.now();
      setHolding(true);
      return undefined;
    }
    if (shownAt.current === null) return undefined;
    const release = () => {
      shownAt.current = null;
      setHolding(false);
    };
    const remaining = minMs - (Date.now() - shownAt.current);
    if (remaining <= 0) {
      release();
      return undefined;
    }
    const timer = setTimeout(release, remaining);
    return () => clearTimeout(timer);
  }, [loading, minMs]);

  return loading || holding;
}
