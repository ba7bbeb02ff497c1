import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { EMPTY_FILTERS, filtersFromSearch, searchWithFilters, type ImageFilters } from './imageFilters';

export type DatasetView = 'list' | 'gallery';

/** Filters whose changes come one keystroke at a time. */
const TYPED: readonly (keyof ImageFilters)[] = ['q', 'tag'];

/**
 * The Dataset tab's filters, sort and view, kept in the URL query: a filtered list can be shared
 * and survives a reload, and back/forward move between filter states. Typing in a text filter
 * replaces the current entry rather than adding one per keystroke.
 */
export function useDatasetUrl() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const lastTyped = useRef<keyof ImageFilters | null>(null);
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const view: DatasetView = new URLSearchParams(search).get('view') === 'gallery' ? 'gallery' : 'list';

  const go = useCallback(
    (query: string, replace: boolean) => navigate(query ? `${location}?${query}` : location, { replace }),
    [location, navigate],
  );

  const setFilters = useCallback(
    (next: ImageFilters) => {
      const changed = (Object.keys(EMPTY_FILTERS) as (keyof ImageFilters)[]).filter((k) => next[k] !== filters[k]);
      if (!changed.length) return;
      const only = changed.length === 1 ? changed[0] : undefined;
      const typing = only !== undefined && TYPED.includes(only) && lastTyped.current === only;
      lastTyped.current = only !== undefined && TYPED.includes(only) ? only : null;
      go(searchWithFilters(search, next), typing);
    },
    [filters, go, search],
  );

  const setView = useCallback(
    (next: DatasetView) => {
      const params = new URLSearchParams(search);
      if (next === 'gallery') params.set('view', next);
      else params.delete('view');
      lastTyped.current = null;
      go(params.toString(), false);
    },
    [go, search],
  );

  return { filters, setFilters, view, setView };
}
