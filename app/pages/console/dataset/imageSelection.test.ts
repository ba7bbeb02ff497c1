import { describe, expect, it } from 'vitest';
import { IMAGE_DELETE_MAX } from '../../../../contract/apiImageDelete';
import {
  ALL_MATCHING,
  deleteRequestOf,
  forgetImage,
  isSelected,
  NO_SELECTION,
  rangeOf,
  selectedCount,
  setSelected,
  toggleSelected,
  tooManyIds,
} from './imageSelection';

describe('image selection', () => {
  it('ticks and unticks named images', () => {
    const two = setSelected(NO_SELECTION, ['a', 'b', 'a'], true);
    expect(selectedCount(two, 10)).toBe(2);
    expect(isSelected(two, 'a')).toBe(true);
    const one = toggleSelected(two, 'a');
    expect(isSelected(one, 'a')).toBe(false);
    expect(deleteRequestOf(one, { split: 'test' })).toEqual({ imageIds: ['b'] });
    expect(deleteRequestOf(one, {}, true)).toEqual({ imageIds: ['b'], dryRun: true });
  });

  it('selects all matching the filter, less the ones ticked off', () => {
    const most = setSelected(ALL_MATCHING, ['x', 'y'], false);
    expect(selectedCount(most, 500)).toBe(498);
    expect(isSelected(most, 'x')).toBe(false);
    expect(isSelected(most, 'never-seen')).toBe(true);
    expect(deleteRequestOf(most, { label: 'l1' })).toEqual({ filter: { label: 'l1' }, exceptIds: ['x', 'y'] });
    expect(deleteRequestOf(ALL_MATCHING, {})).toEqual({ filter: {} });
    expect(selectedCount(toggleSelected(most, 'x'), 500)).toBe(499);
  });

  it('forgets a deleted image in either form', () => {
    expect(selectedCount(forgetImage(setSelected(NO_SELECTION, ['a', 'b'], true), 'a'), 9)).toBe(1);
    // The total drops by one with the image; the ticked-off list must not count it again.
    const most = setSelected(ALL_MATCHING, ['x'], false);
    expect(selectedCount(forgetImage(most, 'x'), 9)).toBe(9);
  });

  it('selects a run for Shift-click, in list order either way', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    expect(rangeOf(order, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeOf(order, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(rangeOf(order, null, 'c')).toEqual(['c']);
    expect(rangeOf(order, 'gone', 'c')).toEqual(['c']);
    expect(rangeOf(order, 'a', 'gone')).toEqual([]);
  });

  it('refuses more named ids than one request takes', () => {
    const ids = Array.from({ length: IMAGE_DELETE_MAX + 1 }, (_, i) => `i${i}`);
    expect(tooManyIds(setSelected(NO_SELECTION, ids, true))).toBe(true);
    expect(tooManyIds(setSelected(NO_SELECTION, ids.slice(1), true))).toBe(false);
    expect(tooManyIds(setSelected(ALL_MATCHING, ids, false))).toBe(true);
  });
});
