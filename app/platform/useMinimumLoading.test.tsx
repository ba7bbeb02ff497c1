import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_LOADING_MS, useMinimumLoading } from './useMinimumLoading';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial: boolean, minMs?: number) {
  return renderHook(({ loading }) => useMinimumLoading(loading, minMs), { initialProps: { loading: initial } });
}

describe('useMinimumLoading', () => {
  it('defaults to the spec minimum of 200 ms', () => {
    expect(MIN_LOADING_MS).toBe(200);
  });

  it('is off while nothing loads', () => {
    const { result } = setup(false);
    expect(result.current).toBe(false);
  });

  it('turns on at once when loading starts', () => {
    const { result, rerender } = setup(false);
    rerender({ loading: true });
    expect(result.current).toBe(true);
  });

  it('stays on for 200 ms after a fast load', () => {
    const { result, rerender } = setup(true);
    act(() => vi.advanceTimersByTime(50));
    rerender({ loading: false });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(149));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('turns off at once after a load longer than the minimum', () => {
    const { result, rerender } = setup(true);
    act(() => vi.advanceTimersByTime(500));
    rerender({ loading: false });
    expect(result.current).toBe(false);
  });

  it('stays on when loading starts again during the hold', () => {
    const { result, rerender } = setup(true);
    rerender({ loading: false });
    act(() => vi.advanceTimersByTime(100));
    rerender({ loading: true });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe(true);
    rerender({ loading: false });
    expect(result.current).toBe(false);
  });

  it('honours a custom minimum', () => {
    const { result, rerender } = setup(true, 1000);
    rerender({ loading: false });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });
});
