import type { FeatureCache } from './types';

/*
 * Where a training keeps its samples' features between epochs. Pooled classification features
 * are small (1280 floats: 10,000 images ≈ 51 MB) and stay in memory; detection feature maps are
 * large (a 16×16×576 map is ~590 KB), so past `memoryBudgetBytes` the features live only in the
 * feature cache (the trainer's blob store, on disk) and each batch reads its own back.
 */

export const DEFAULT_FEATURE_MEMORY_BUDGET = 512 * 1024 * 1024;

export class FeatureStore {
  private readonly inMemory: (Float32Array | null)[] = [];
  private readonly keys: string[] = [];
  readonly onDisk: boolean;

  constructor(
    readonly featureSize: number,
    readonly capacity: number,
    private readonly cache: FeatureCache | undefined,
    memoryBudgetBytes = DEFAULT_FEATURE_MEMORY_BUDGET,
  ) {
    this.onDisk = cache !== undefined && featureSize * 4 * capacity > memoryBudgetBytes;
  }

  get size(): number {
    return this.keys.length;
  }

  /** Adds a sample's features (already put in the cache when the store is on disk). */
  add(key: string, features: Float32Array): number {
    this.keys.push(key);
    this.inMemory.push(this.onDisk ? null : features);
    return this.keys.length - 1;
  }

  /** The features of the given samples, one after another in one array. */
  async batch(indices: readonly number[]): Promise<Float32Array> {
    const out = new Float32Array(indices.length * this.featureSize);
    await Promise.all(
      indices.map(async (index, i) => {
        out.set(await this.get(index), i * this.featureSize);
      }),
    );
    return out;
  }

  private async get(index: number): Promise<Float32Array> {
    const kept = this.inMemory[index];
    if (kept) return kept;
    const key = this.keys[index];
    const features = key !== undefined && this.cache ? await this.cache.get(key) : null;
    if (!features || features.length !== this.featureSize) {
      throw new Error(`Features of ${key ?? index} are missing from the feature cache`);
    }
    return features;
  }
}
