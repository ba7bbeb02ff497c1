import { describe, expect, it } from 'vitest';
import { imageQueryString } from '../../../api/projectsApi';
import { EMPTY_FILTERS, hasFilters, imageQueryOf } from './imageFilters';

describe('imageQueryOf', () => {
  it('leaves out empty filters and keeps the sort', () => {
    expect(imageQueryOf(EMPTY_FILTERS)).toEqual({ sort: 'newest' });
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
  });

  it('trims text, cuts the tag to 6 characters and passes the choices', () => {
    const query = imageQueryOf({
      q: '  cat ',
      tag: ' 야간촬영데이터 ',
      label: 'l1',
      labeled: 'false',
      split: 'test',
      sort: 'name',
    });
    expect(query).toEqual({
      q: 'cat',
      tag: '야간촬영데이',
      label: 'l1',
      labeled: 'false',
      split: 'test',
      sort: 'name',
    });
    expect(hasFilters({ ...EMPTY_FILTERS, tag: ' x ' })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, q: '   ' })).toBe(false);
  });

  it('becomes a query string without empty values', () => {
    expect(imageQueryString({ ...imageQueryOf({ ...EMPTY_FILTERS, tag: '야간', labeled: 'true' }), limit: 50 })).toBe(
      '?tag=%EC%95%BC%EA%B0%84&labeled=true&sort=newest&limit=50',
    );
    expect(imageQueryString({})).toBe('');
  });
});
