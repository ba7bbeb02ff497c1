import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { DEFAULT_ADJUSTMENTS, type Adjustments } from '../../../../engine';

const adjustmentsSchema = z.object({
  contrast: z.number().min(0).max(3),
  brightness: z.number().min(-1).max(1),
  gamma: z.number().min(0.2).max(3),
  invert: z.boolean(),
});

/** The localStorage key of one user's adjustments in one project. */
export function adjustmentsKey(userId: string, projectId: string): string {
  return `maru.studio.adjustments.${userId}.${projectId}`;
}

/** The stored adjustments, or the defaults when none (or unreadable). */
export function readAdjustments(key: string): Adjustments {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    const parsed = raw ? adjustmentsSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : { ...DEFAULT_ADJUSTMENTS };
  } catch {
    return { ...DEFAULT_ADJUSTMENTS };
  }
}

/**
 * Contrast, brightness, gamma and invert, remembered per user and project in localStorage (a
 * labeler who darkens X-rays in one project finds them darkened the next day, not in another
 * project). Returns the values and a setter that merges a change and stores it.
 */
export function useStoredAdjustments(userId: string, projectId: string) {
  const key = adjustmentsKey(userId, projectId);
  const [state, setState] = useState(() => ({ key, value: readAdjustments(key) }));
  // Another user or project: read its own values.
  const current = state.key === key ? state.value : readAdjustments(key);
  useEffect(() => {
    if (state.key !== key) setState({ key, value: readAdjustments(key) });
  }, [key, state.key]);
  const update = useCallback(
    (change: Partial<Adjustments>) => {
      setState((prev) => {
        const value = { ...(prev.key === key ? prev.value : readAdjustments(key)), ...change };
        try {
          globalThis.localStorage?.setItem(key, JSON.stringify(value));
        } catch {
          // Storage full or denied: the values still apply for this visit.
        }
        return { key, value };
      });
    },
    [key],
  );
  return [current, update] as const;
}
