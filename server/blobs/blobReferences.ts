import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readManifest } from '../images/imageFiles';
import { parsePyramidRef } from '../images/imagePyramid';
import { coversOf, samplesOf } from '../market/resourceViews';
import type { BlobStore } from './BlobStore';

/** Rows read per query while collecting keys, so memory holds one page of rows at a time. */
const PAGE = 1000;

/** Adds an image's original, thumbnail, and its pyramid's manifest and tiles (read once per manifest). */
async function addImageKeys(
  keys: Set<string>,
  blobs: BlobStore,
  row: { blob_key: string; thumb_key: string | null; pyramid: string | null },
): Promise<void> {
  keys.add(row.blob_key);
  if (row.thumb_key) keys.add(row.thumb_key);
  const ref = parsePyramidRef(row.pyramid);
  if (!ref || keys.has(ref.manifest)) return;
  keys.add(ref.manifest);
  const manifest = await readManifest(blobs, ref.manifest);
  for (const tile of Object.values(manifest?.tiles ?? {})) keys.add(tile);
}

/**
 * The market's keys: a dataset resource's snapshot images share the project's blobs and keep
 * them after the project deletes its images (buyers still export them); a model resource's zip;
 * covers and samples. Deleted resources count too: their buyers keep what they bought.
 */
async function collectMarketReferences(
  db: Kysely<Database>,
  blobs: BlobStore,
  keys: Set<string>,
  signal?: AbortSignal,
): Promise<void> {
  let after = { resource: '', position: -1 };
  for (;;) {
    signal?.throwIfAborted();
    const { resource, position } = after;
    const rows = await db
      .selectFrom('resource_images')
      .select(['resource_id', 'position', 'blob_key', 'thumb_key', 'pyramid'])
      .where((eb) =>
        eb.or([
          eb('resource_id', '>', resource),
          eb.and([eb('resource_id', '=', resource), eb('position', '>', position)]),
        ]),
      )
      .orderBy('resource_id')
      .orderBy('position')
      .limit(PAGE)
      .execute();
    for (const row of rows) await addImageKeys(keys, blobs, row);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = { resource: last.resource_id, position: Number(last.position) };
  }
  const resources = await db.selectFrom('resources').select(['model_blob_key', 'covers', 'samples']).execute();
  for (const row of resources) {
    if (row.model_blob_key) keys.add(row.model_blob_key);
    for (const cover of coversOf(row)) keys.add(cover.blobKey);
    for (const sample of samplesOf(row)) keys.add(sample.blobKey);
  }
}

/**
 * Every blob key a row refers to, directly or through a pyramid manifest: image originals,
 * thumbnails, manifests and their tiles, avatars, composed viewer atlas pages,
 * import zips waiting for their job, and the market's snapshots, model zips and covers. A table that starts keeping blob keys must
 * add them here, or the garbage collector deletes its blobs after the grace period. Images of
 * soft-deleted projects count: their rows still exist.
 *
 * A manifest that cannot be read stops the collection with an error (its tiles would otherwise
 * look unused); a manifest that is gone has no tiles left to keep.
 */
export async function collectBlobReferences(
  db: Kysely<Database>,
  blobs: BlobStore,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const keys = new Set<string>();
  let after = '';
  for (;;) {
    signal?.throwIfAborted();
    const rows = await db
      .selectFrom('images')
      .select(['id', 'blob_key', 'thumb_key', 'pyramid'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) await addImageKeys(keys, blobs, row);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = last.id;
  }
  const avatars = await db.selectFrom('users').select('avatar_key').where('avatar_key', 'is not', null).execute();
  for (const { avatar_key } of avatars) if (avatar_key) keys.add(avatar_key);
  const atlases = await db.selectFrom('atlas_pages').select('blob_key').where('blob_key', 'is not', null).execute();
  for (const { blob_key } of atlases) if (blob_key) keys.add(blob_key);
  // An uploaded import zip is kept until its job has read it (the job clears the key).
  const imports = await db.selectFrom('imports').select('blob_key').where('blob_key', 'is not', null).execute();
  for (const { blob_key } of imports) if (blob_key) keys.add(blob_key);
  // Model zips, a training's test predictions and its last epoch checkpoint (a resumed job reads it).
  const models = await db.selectFrom('models').select('blob_key').execute();
  for (const { blob_key } of models) keys.add(blob_key);
  const trainings = await db
    .selectFrom('trainings')
    .select(['predictions_key', 'checkpoint_key'])
    .where((eb) => eb.or([eb('predictions_key', 'is not', null), eb('checkpoint_key', 'is not', null)]))
    .execute();
  for (const row of trainings) {
    if (row.predictions_key) keys.add(row.predictions_key);
    if (row.checkpoint_key) keys.add(row.checkpoint_key);
  }
  await collectMarketReferences(db, blobs, keys, signal);
  // Cached backbone features, paged: one row per image, augmented copy and extractor.
  let afterKey = '';
  for (;;) {
    signal?.throwIfAborted();
    const rows = await db
      .selectFrom('feature_cache')
      .select(['key', 'blob_key'])
      .where('key', '>', afterKey)
      .orderBy('key')
      .limit(PAGE)
      .execute();
    for (const row of rows) keys.add(row.blob_key);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    afterKey = last.key;
  }
  return keys;
}
