import type { FeatureCache } from '../types';

/** A FeatureCache in a Map, counting its reads and writes (tests, benchmarks). */
export class MemoryFeatureCache implements FeatureCache {
  readonly entries = new Map<string, Float32Array>();
  hits = 0;
  misses = 0;
  puts = 0;

  async get(key: string): Promise<Float32Array | null> {
    const found = this.entries.get(key);
    if (found) this.hits++;
    else this.misses++;
    return found ? found.slice() : null;
  }

  async put(key: string, features: Float32Array): Promise<void> {
    this.puts++;
    this.entries.set(key, features.slice());
  }
}
