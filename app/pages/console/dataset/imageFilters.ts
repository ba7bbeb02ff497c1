import { IMAGE_SORTS, SPLITS, type ImageQuery } from '../../../../contract/apiProjects';
import { TAG_MAX } from '../../../../contract/validation';

/** What the filter bar holds: text as typed, '' for "all". */
export interface ImageFilters {
  q: string;
  tag: string;
  label: string;
  labeled: '' | 'true' | 'false';
  /** 'true': images holding machine labels no person has accepted yet; 'false': images holding none. */
  machine: '' | 'true' | 'false';
  split: '' | (typeof SPLITS)[number];
  sort: (typeof IMAGE_SORTS)[number];
}

export const EMPTY_FILTERS: ImageFilters = {
  q: '',
  tag: '',
  label: '',
  labeled: '',
  machine: '',
  split: '',
  sort: 'newest',
};

/** The longest search text the API takes; longer text in a URL is cut, as when typed. */
export const SEARCH_MAX = 100;

/**
 * The API query of the filter bar: blanks trimmed, empty filters left out, text cut to what the
 * API accepts (a tag longer than 6 characters matches nothing, so it is cut rather than refused).
 */
export function imageQueryOf(filters: ImageFilters): ImageQuery {
  const q = filters.q.trim().slice(0, SEARCH_MAX);
  const tag = filters.tag.trim().slice(0, TAG_MAX);
  return {
    ...(q ? { q } : {}),
    ...(tag ? { tag } : {}),
    ...(filters.label ? { label: filters.label } : {}),
    ...(filters.labeled ? { labeled: filters.labeled } : {}),
    ...(filters.machine ? { machine: filters.machine } : {}),
    ...(filters.split ? { split: filters.split } : {}),
    sort: filters.sort,
  };
}

/** Whether any filter narrows the list (an empty result then says so instead of "no data"). */
export function hasFilters(filters: ImageFilters): boolean {
  return Boolean(
    filters.q.trim() || filters.tag.trim() || filters.label || filters.labeled || filters.machine || filters.split,
  );
}

/** Label ids are server ids; anything longer is not one. */
const LABEL_ID_MAX = 64;

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((o) => o === value);

/**
 * The filters a URL query holds (`?q=cat&label=…&labeled=false&split=test&sort=name`), so that a
 * filtered list can be shared and survives a reload. Values that are not valid (an unknown sort,
 * a split that does not exist) are ignored and text too long is cut, never an error.
 */
export function filtersFromSearch(search: string): ImageFilters {
  const params = new URLSearchParams(search);
  const label = params.get('label') ?? '';
  return {
    // Text stays as typed (inner and trailing blanks too, so typing is not disturbed); the query trims.
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    tag: (params.get('tag') ?? '').slice(0, TAG_MAX),
    label: label.length <= LABEL_ID_MAX ? label : '',
    labeled: oneOf(['true', 'false'] as const, params.get('labeled')) ?? '',
    machine: oneOf(['true', 'false'] as const, params.get('machine')) ?? '',
    split: oneOf(SPLITS, params.get('split')) ?? '',
    sort: oneOf(IMAGE_SORTS, params.get('sort')) ?? EMPTY_FILTERS.sort,
  };
}

/**
 * `search` with the filters written into it: set ones as their values, empty ones and the default
 * sort removed, every other key (the view, say) kept. Answers the query without '?'.
 */
export function searchWithFilters(search: string, filters: ImageFilters): string {
  const params = new URLSearchParams(search);
  const values: Record<keyof ImageFilters, string> = {
    q: filters.q,
    tag: filters.tag,
    label: filters.label,
    labeled: filters.labeled,
    machine: filters.machine,
    split: filters.split,
    sort: filters.sort === EMPTY_FILTERS.sort ? '' : filters.sort,
  };
  for (const [key, value] of Object.entries(values)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params.toString();
}

/** Whether two filter states ask for the same images in the same order. */
export function sameFilters(a: ImageFilters, b: ImageFilters): boolean {
  return (Object.keys(EMPTY_FILTERS) as (keyof ImageFilters)[]).every((k) => a[k] === b[k]);
}
