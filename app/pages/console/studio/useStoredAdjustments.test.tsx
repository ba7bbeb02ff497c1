import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from '../../../../engine';
import { adjustmentsKey, readAdjustments, useStoredAdjustments } from './useStoredAdjustments';

describe('useStoredAdjustments', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the adjustments per user and project', () => {
    const { result, rerender } = renderHook(({ user, project }) => useStoredAdjustments(user, project), {
      initialProps: { user: 'u1', project: 'p1' },
    });
    expect(result.current[0]).toEqual(DEFAULT_ADJUSTMENTS);
    act(() => result.current[1]({ contrast: 1.5 }));
    act(() => result.current[1]({ invert: true }));
    expect(result.current[0]).toEqual({ ...DEFAULT_ADJUSTMENTS, contrast: 1.5, invert: true });
    expect(readAdjustments(adjustmentsKey('u1', 'p1'))).toEqual({
      ...DEFAULT_ADJUSTMENTS,
      contrast: 1.5,
      invert: true,
    });
    // Another project of the same user starts from the defaults; coming back finds the first one's.
    rerender({ user: 'u1', project: 'p2' });
    expect(result.current[0]).toEqual(DEFAULT_ADJUSTMENTS);
    rerender({ user: 'u2', project: 'p1' });
    expect(result.current[0]).toEqual(DEFAULT_ADJUSTMENTS);
    rerender({ user: 'u1', project: 'p1' });
    expect(result.current[0].contrast).toBe(1.5);
  });

  it('reads unreadable or out-of-range values as the defaults', () => {
    localStorage.setItem(adjustmentsKey('u1', 'p1'), '{not json');
    expect(readAdjustments(adjustmentsKey('u1', 'p1'))).toEqual(DEFAULT_ADJUSTMENTS);
    localStorage.setItem(adjustmentsKey('u1', 'p1'), JSON.stringify({ ...DEFAULT_ADJUSTMENTS, contrast: 99 }));
    expect(readAdjustments(adjustmentsKey('u1', 'p1'))).toEqual(DEFAULT_ADJUSTMENTS);
  });
});
