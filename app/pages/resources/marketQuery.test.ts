import { describe, expect, it } from 'vitest';
import { marketQuerySchema } from '../../../contract/apiMarket';
import {
  activeFilterCount,
  DEFAULT_MARKET_STATE,
  marketApiQuery,
  marketSearch,
  readMarketState,
  withMarketState,
} from './marketQuery';

describe('market list state in the address', () => {
  it('round-trips every value through the query string', () => {
    const state = {
      q: 'steel defects',
      fields: ['manufacture', 'medical'] as const,
      format: 'coco' as const,
      priceMin: 1000,
      priceMax: 50000,
      free: false,
      sort: 'price_desc' as const,
      page: 3,
    };
    const search = marketSearch({ ...state, fields: [...state.fields] });
    expect(search).toBe(
      'q=steel+defects&fields=manufacture%2Cmedical&format=coco&priceMin=1000&priceMax=50000&sort=price_desc&page=3',
    );
    expect(readMarketState(search, 'dataset')).toEqual({ ...state, fields: ['manufacture', 'medical'] });
  });

  it('leaves defaults out, so a plain list has a plain address', () => {
    expect(marketSearch(DEFAULT_MARKET_STATE)).toBe('');
    expect(readMarketState('', 'model')).toEqual(DEFAULT_MARKET_STATE);
  });

  it('falls back to the default of each bad value alone', () => {
    const state = readMarketState(
      'q=ok&fields=medical,music&format=tfjs&priceMin=-5&priceMax=abc&sort=cheapest&page=0&free=yes',
      'dataset',
    );
    expect(state).toEqual({ ...DEFAULT_MARKET_STATE, q: 'ok', fields: ['medical'] });
    // TF.js is a model format: kept for models.
    expect(readMarketState('format=tfjs', 'model').format).toBe('tfjs');
    // A lowest price above the highest is no range at all.
    const crossed = readMarketState('priceMin=9000&priceMax=10', 'dataset');
    expect([crossed.priceMin, crossed.priceMax]).toEqual([null, null]);
    expect(readMarketState(`q=${'x'.repeat(51)}`, 'dataset').q).toBe('');
  });

  it('asks the API for the kind, filters, sort, page and page size the contract reads', () => {
    const state = readMarketState('q=cat&fields=finance&free=1&sort=popular&page=2', 'model');
    const query = new URLSearchParams(marketApiQuery('model', state));
    expect(Object.fromEntries(query)).toEqual({
      kind: 'model',
      q: 'cat',
      fields: 'finance',
      free: '1',
      sort: 'popular',
      page: '2',
      pageSize: '12',
    });
    const parsed = marketQuerySchema.parse(Object.fromEntries(query));
    expect(parsed).toMatchObject({
      kind: 'model',
      q: 'cat',
      fields: ['finance'],
      free: true,
      sort: 'popular',
      page: 2,
    });
  });

  it('goes back to page 1 on any change but the page, and counts the filters', () => {
    const state = { ...DEFAULT_MARKET_STATE, page: 4 };
    expect(withMarketState(state, { free: true })).toMatchObject({ free: true, page: 1 });
    expect(withMarketState(state, { page: 5 }).page).toBe(5);
    expect(activeFilterCount(readMarketState('q=a&fields=finance,medical&priceMax=10&sort=popular', 'dataset'))).toBe(
      4,
    );
  });
});
