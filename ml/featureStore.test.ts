import { describe, expect, it } from 'vitest';
import { FeatureStore } from './featureStore';
import { MemoryFeatureCache } from './testing/memoryFeatureCache';

describe('FeatureStore', () => {
  it('keeps features in memory within the budget', async () => {
    const cache = new MemoryFeatureCache();
    const store = new FeatureStore(2, 3, cache, 1024);
    expect(store.onDisk).toBe(false);
    store.add('a', Float32Array.from([1, 2]));
    store.add('b', Float32Array.from([3, 4]));
    expect(Array.from(await store.batch([1, 0, 1]))).toEqual([3, 4, 1, 2, 3, 4]);
    expect(cache.hits + cache.misses).toBe(0);
  });

  it('reads each batch back from the cache past the budget', async () => {
    const cache = new MemoryFeatureCache();
    const store = new FeatureStore(2, 1000, cache, 1024);
    expect(store.onDisk).toBe(true);
    await cache.put('a', Float32Array.from([1, 2]));
    await cache.put('b', Float32Array.from([3, 4]));
    store.add('a', Float32Array.from([1, 2]));
    store.add('b', Float32Array.from([3, 4]));
    expect(Array.from(await store.batch([1, 0]))).toEqual([3, 4, 1, 2]);
    expect(cache.hits).toBe(2);
  });

  it('says which features went missing from the cache', async () => {
    const store = new FeatureStore(2, 1000, new MemoryFeatureCache(), 1024);
    store.add('gone', Float32Array.from([1, 2]));
    await expect(store.batch([0])).rejects.toThrow(/gone are missing/);
  });

  it('stays in memory without a cache, whatever the size', () => {
    expect(new FeatureStore(1_000_000, 1000, undefined, 1024).onDisk).toBe(false);
  });
});
