import {
  DATASET_FORMATS,
  MARKET_PAGE_SIZE,
  MARKET_SORTS,
  marketQuerySchema,
  RESOURCE_FIELDS,
  RESOURCE_PRICE_MAX,
  type MarketSort,
  type ResourceField,
  type ResourceFormat,
  type ResourceKind,
} from '../../../contract/apiMarket';

/**
 * A market list's state as it lives in the address (`?q=cat&fields=medical,finance&free=1&page=2`),
 * so back and forward, reloads and shared links show the same list. Every value is read on its
 * own: a bad one (an unknown sort, a format of the other kind, a negative price) falls back to its
 * default and leaves the rest of the list as asked.
 */
export interface MarketListState {
  q: string;
  fields: ResourceField[];
  format: ResourceFormat | null;
  priceMin: number | null;
  priceMax: number | null;
  free: boolean;
  sort: MarketSort;
  page: number;
}

export const DEFAULT_MARKET_STATE: MarketListState = {
  q: '',
  fields: [],
  format: null,
  priceMin: null,
  priceMax: null,
  free: false,
  sort: 'newest',
  page: 1,
};

/** The data formats a kind can have (spec 3: VOC or COCO for datasets, TF.js for models). */
export const FORMATS_BY_KIND: Record<ResourceKind, readonly ResourceFormat[]> = {
  dataset: DATASET_FORMATS,
  model: ['tfjs'],
};

const shape = marketQuerySchema.shape;

function price(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const parsed = shape.priceMin.safeParse(value);
  return parsed.success && parsed.data !== undefined && parsed.data <= RESOURCE_PRICE_MAX ? parsed.data : null;
}

export function readMarketState(search: string, kind: ResourceKind): MarketListState {
  const params = new URLSearchParams(search);
  const q = shape.q.safeParse(params.get('q') ?? undefined);
  // Unknown fields are dropped one by one rather than discarding the whole list.
  const fields = (params.get('fields') ?? '')
    .split(',')
    .filter((f): f is ResourceField => (RESOURCE_FIELDS as readonly string[]).includes(f));
  const format = params.get('format');
  const sort = params.get('sort');
  const page = shape.page.safeParse(params.get('page') ?? undefined);
  let priceMin = price(params.get('priceMin'));
  let priceMax = price(params.get('priceMax'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [null, null];
  return {
    q: q.success ? (q.data ?? '').replace(/\s+/g, ' ') : '',
    fields: RESOURCE_FIELDS.filter((f) => fields.includes(f)),
    format: FORMATS_BY_KIND[kind].find((f) => f === format) ?? null,
    priceMin,
    priceMax,
    free: params.get('free') === '1' || params.get('free') === 'true',
    sort: MARKET_SORTS.find((s) => s === sort) ?? 'newest',
    page: page.success && page.data <= 100_000 ? page.data : 1,
  };
}

/** The address's query (no '?') for a state; defaults are left out so plain lists have plain links. */
export function marketSearch(state: MarketListState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.fields.length) params.set('fields', state.fields.join(','));
  if (state.format) params.set('format', state.format);
  if (state.priceMin !== null) params.set('priceMin', String(state.priceMin));
  if (state.priceMax !== null) params.set('priceMax', String(state.priceMax));
  if (state.free) params.set('free', '1');
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** The API's query (contract `marketQuerySchema`) for a kind's list. */
export function marketApiQuery(kind: ResourceKind, state: MarketListState, pageSize = MARKET_PAGE_SIZE): string {
  const params = new URLSearchParams({ kind });
  for (const [key, value] of new URLSearchParams(marketSearch({ ...state, page: 1, sort: 'newest' })))
    params.set(key, value);
  params.set('sort', state.sort);
  params.set('page', String(state.page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** How many filters (not the sort or page) narrow the list. */
export function activeFilterCount(state: MarketListState): number {
  return (
    (state.q ? 1 : 0) +
    state.fields.length +
    (state.format ? 1 : 0) +
    (state.priceMin !== null || state.priceMax !== null ? 1 : 0) +
    (state.free ? 1 : 0)
  );
}

/** A state with some values changed; any change but the page's goes back to page 1. */
export function withMarketState(state: MarketListState, change: Partial<MarketListState>): MarketListState {
  return { ...state, page: 1, ...change };
}
