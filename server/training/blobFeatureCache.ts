import type { FeatureCache } from '../../ml/types';
import type { BlobStore } from '../blobs/BlobStore';
import type { Db } from '../db/Db';
import { readBlobBytes } from './readTrainingImage';

/*
 * Backbone features kept between trainings: the feature_cache table maps a cache key (the
 * image's content key with the extractor and augmented copy, as ml/ composes it) to the blob of
 * its Float32 values (little-endian, as every platform tfjs runs on). A changed image has a new
 * content key, so a stale entry is never read; unused entries go with the blob collector's rules.
 */

export class BlobFeatureCache implements FeatureCache {
  hits = 0;
  misses = 0;
  puts = 0;

  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly now: () => Date,
  ) {}

  async get(key: string): Promise<Float32Array | null> {
    const row = await this.db.selectFrom('feature_cache').select('blob_key').where('key', '=', key).executeTakeFirst();
    const bytes = row ? await readBlobBytes(this.blobs, row.blob_key) : null;
    if (!bytes || bytes.byteLength % 4 !== 0) {
      this.misses++;
      return null;
    }
    this.hits++;
    // A fresh, aligned copy: the Buffer may sit at any offset of a shared pool.
    const out = new Float32Array(bytes.byteLength / 4);
    new Uint8Array(out.buffer).set(bytes);
    return out;
  }

  async put(key: string, features: Float32Array): Promise<void> {
    const blobKey = await this.blobs.put(new Uint8Array(features.buffer, features.byteOffset, features.byteLength));
    await this.db
      .insertInto('feature_cache')
      .values({ key, blob_key: blobKey, created_at: this.now().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ blob_key: blobKey, created_at: this.now().toISOString() }))
      .execute();
    this.puts++;
  }
}
