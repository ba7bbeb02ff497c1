import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Keymap, StudioAction } from '../../../../../contract/studioKeymap';
import { effectiveKeymap, type KeymapOverrides } from './effectiveKeymap';
import { keymapApi } from './keymapApi';
import type { StudioKeymap } from './keyMatcher';

export type { KeymapOverrides } from './effectiveKeymap';

export const keymapQueryKey = ['auth', 'user', 'keymap'] as const;

const NO_OVERRIDES: KeymapOverrides = {};

export interface UseKeymap {
  /** Every action's keys: the defaults plus the user's overrides. */
  keymap: StudioKeymap;
  overrides: KeymapOverrides;
  /** Replaces the user's overrides on the server; rejects (and keeps the old map) when that fails. */
  save: (overrides: KeymapOverrides) => Promise<void>;
  /** Back to the default keys: of one action, or of all. */
  reset: (action?: StudioAction) => Promise<void>;
  isLoading: boolean;
  /** The server could not be asked (offline, error): the defaults act, and saving would overwrite unseen overrides. */
  loadFailed: boolean;
}

/**
 * The user's key map, stored on the server so it follows them to another browser. Until the
 * answer comes, and when it never does (offline with nothing cached), the default keys act: the
 * studio never waits for this to be usable.
 */
export function useKeymap(): UseKeymap {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keymapQueryKey,
    queryFn: ({ signal }) => keymapApi.get(signal),
    staleTime: 5 * 60_000,
  });
  const overrides = query.data?.bindings ?? NO_OVERRIDES;
  const keymap = useMemo(() => effectiveKeymap(overrides), [overrides]);

  const save = useCallback(
    async (next: KeymapOverrides) => {
      const stored = await keymapApi.put({ bindings: next });
      client.setQueryData(keymapQueryKey, stored);
    },
    [client],
  );

  const reset = useCallback(
    async (action?: StudioAction) => {
      if (!action) return save({});
      const current = client.getQueryData<Keymap>(keymapQueryKey)?.bindings ?? {};
      const next = { ...current };
      delete next[action];
      return save(next);
    },
    [client, save],
  );

  return { keymap, overrides, save, reset, isLoading: query.isLoading, loadFailed: query.isError && !query.data };
}
