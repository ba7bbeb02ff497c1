import { describe, expect, it } from 'vitest';
import { imageQueryString } from '../../../api/projectsApi';
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  hasFilters,
  imageQueryOf,
  sameFilters,
  searchWithFilters,
  type ImageFilters,
} from './imageFilters';

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
      machine: 'true',
      split: 'test',
      sort: 'name',
    });
    expect(query).toEqual({
      q: 'cat',
      tag: '야간촬영데이',
      label: 'l1',
      labeled: 'false',
      machine: 'true',
      split: 'test',
      sort: 'name',
    });
    expect(hasFilters({ ...EMPTY_FILTERS, machine: 'false' })).toBe(true);
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

describe('filters in the URL', () => {
  const full: ImageFilters = {
    q: 'big cat ',
    tag: '야간',
    label: 'l2',
    labeled: 'false',
    machine: 'true',
    split: 'test',
    sort: 'name',
  };

  it('round-trips every filter through the query string', () => {
    expect(filtersFromSearch(searchWithFilters('', full))).toEqual(full);
    for (const key of Object.keys(full) as (keyof ImageFilters)[]) {
      const one = { ...EMPTY_FILTERS, [key]: full[key] };
      expect(filtersFromSearch(searchWithFilters('', one)), key).toEqual(one);
    }
    expect(filtersFromSearch(searchWithFilters('', EMPTY_FILTERS))).toEqual(EMPTY_FILTERS);
  });

  it('writes only set filters, leaves the default sort out and keeps other keys', () => {
    expect(searchWithFilters('', EMPTY_FILTERS)).toBe('');
    expect(searchWithFilters('view=gallery&split=train&q=x', { ...EMPTY_FILTERS, split: 'test' })).toBe(
      'view=gallery&split=test',
    );
    expect(searchWithFilters('', { ...EMPTY_FILTERS, q: 'a&b=c', sort: 'size' })).toBe('q=a%26b%3Dc&sort=size');
  });

  it('ignores invalid values and cuts text that is too long', () => {
    expect(
      filtersFromSearch(
        'labeled=maybe&machine=yes&split=holdout&sort=random&label=' + 'x'.repeat(65) + '&tag=야간촬영데이터',
      ),
    ).toEqual({ ...EMPTY_FILTERS, tag: '야간촬영데이' });
    expect(filtersFromSearch('q=' + 'a'.repeat(150)).q).toHaveLength(100);
    expect(filtersFromSearch('sort=oldest&labeled=true&unknown=1')).toEqual({
      ...EMPTY_FILTERS,
      sort: 'oldest',
      labeled: 'true',
    });
    expect(filtersFromSearch('%%%')).toEqual(EMPTY_FILTERS);
  });

  it('tells filter states apart', () => {
    expect(sameFilters(full, { ...full })).toBe(true);
    expect(sameFilters(full, { ...full, sort: 'newest' })).toBe(false);
  });
});
