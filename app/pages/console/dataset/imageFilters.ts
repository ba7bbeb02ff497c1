import type { IMAGE_SORTS, ImageQuery, SPLITS } from '../../../../contract/apiProjects';
import { TAG_MAX } from '../../../../contract/validation';

/** What the filter bar holds: text as typed, '' for "all". */
export interface ImageFilters {
  q: string;
  tag: string;
  label: string;
  labeled: '' | 'true' | 'false';
  split: '' | (typeof SPLITS)[number];
  sort: (typeof IMAGE_SORTS)[number];
}

export const EMPTY_FILTERS: ImageFilters = { q: '', tag: '', label: '', labeled: '', split: '', sort: 'newest' };

/**
 * The API query of the filter bar: blanks trimmed, empty filters left out, text cut to what the
 * API accepts (a tag longer than 6 characters matches nothing, so it is cut rather than refused).
 */
export function imageQueryOf(filters: ImageFilters): ImageQuery {
  const q = filters.q.trim().slice(0, 100);
  const tag = filters.tag.trim().slice(0, TAG_MAX);
  return {
    ...(q ? { q } : {}),
    ...(tag ? { tag } : {}),
    ...(filters.label ? { label: filters.label } : {}),
    ...(filters.labeled ? { labeled: filters.labeled } : {}),
    ...(filters.split ? { split: filters.split } : {}),
    sort: filters.sort,
  };
}

/** Whether any filter narrows the list (an empty result then says so instead of "no data"). */
export function hasFilters(filters: ImageFilters): boolean {
  return Boolean(filters.q.trim() || filters.tag.trim() || filters.label || filters.labeled || filters.split);
}
