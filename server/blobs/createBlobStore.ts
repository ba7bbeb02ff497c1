import path from 'node:path';
import type { ServerEnv } from '../env';
import type { BlobStore } from './BlobStore';
import { LocalBlobStore } from './LocalBlobStore';
import { S3BlobStore } from './S3BlobStore';

/** The blob store BLOB_STORE selects: DATA_DIR/blobs (default) or an S3-compatible bucket. */
export function createBlobStore(env: ServerEnv): BlobStore {
  if (env.BLOB_STORE === 's3') {
    // env.ts refuses BLOB_STORE=s3 without these, so the fallbacks never apply.
    return new S3BlobStore({
      endpoint: env.S3_ENDPOINT ?? '',
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    });
  }
  return new LocalBlobStore(path.join(env.DATA_DIR, 'blobs'));
}
