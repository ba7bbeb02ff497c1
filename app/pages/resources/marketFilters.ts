/** The list options of a market category, kept in the query string so a list can be shared. */
export const MARKET_FILTERS = {
  field: ['all', 'manufacture', 'finance', 'medical'],
  sort: ['newest', 'priceLow', 'priceHigh'],
  price: ['all', 'free', 'paid'],
} as const;

export type MarketFilterName = keyof typeof MARKET_FILTERS;
export type MarketFilters = { [K in MarketFilterName]: (typeof MARKET_FILTERS)[K][number] };

export const FILTER_NAMES = Object.keys(MARKET_FILTERS) as MarketFilterName[];

function pick<K extends MarketFilterName>(name: K, value: string | null): MarketFilters[K] {
  const options: readonly string[] = MARKET_FILTERS[name];
  // The first option is the default; unknown values fall back to it.
  return (value !== null && options.includes(value) ? value : options[0]) as MarketFilters[K];
}

/** The filters in a query string; missing or unknown values become the defaults. */
export function readMarketFilters(params: URLSearchParams): MarketFilters {
  return {
    field: pick('field', params.get('field')),
    sort: pick('sort', params.get('sort')),
    price: pick('price', params.get('price')),
  };
}

/** The query string with one filter changed; a default value is left out of the address. */
export function withMarketFilter(params: URLSearchParams, name: MarketFilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === MARKET_FILTERS[name][0]) next.delete(name);
  else next.set(name, value);
  return next;
}
