import { describe, expect, it } from 'vitest';
import { shouldPrefetch } from './shouldPrefetch';

describe('link prefetch policy', () => {
  it('prefetches on normal connections and when the API is missing', () => {
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(shouldPrefetch(undefined)).toBe(true);
  });
  it('skips 2g and slow-2g connections and data saver', () => {
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
