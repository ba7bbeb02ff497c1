import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Subtype } from '../../contract/apiProjects';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { pngOf } from '../test/fixtures/datasetImages';
import { resourceRow } from '../test/fixtures/testRows';
import type { TestApp } from '../test/testApp';
import type { TestUser } from '../test/testUsers';

/* Bought resources for the purchase and export tests, written straight into the test database. */

export interface SnapshotImage {
  fileName: string;
  /** Index into the resource's labels, and a box (null: a class annotation). */
  annotations: { label: number; box: { x: number; y: number; width: number; height: number } | null }[];
  tags?: string[];
  /** Declared size (the stored blob is a small PNG whatever this says). */
  bytes?: number;
}

/** The test app's blob store (the same folder the app writes to). */
export function testBlobs(t: TestApp): LocalBlobStore {
  return new LocalBlobStore(path.join(t.dataDir, 'blobs'));
}

/**
 * An approved dataset resource of `seller` whose snapshot images share real stored blobs (one
 * PNG original and thumbnail for all, so the image file routes can serve them).
 */
export async function insertDatasetResource(
  t: TestApp,
  seller: TestUser,
  opts: {
    labels: { name: string; color: string }[];
    images: SnapshotImage[];
    subtype?: Subtype;
    price?: number;
    name?: string;
  },
): Promise<{ id: string; blobKey: string }> {
  const blobs = testBlobs(t);
  const blobKey = await blobs.put(await pngOf(64, 48));
  const thumbKey = await blobs.put(await pngOf(32, 24));
  const id = randomUUID();
  const now = t.clock.now().toISOString();
  const annotationCount = opts.images.reduce((n, i) => n + i.annotations.length, 0);
  // resources.bytes is a 32-bit integer column on PostgreSQL: tests that fake huge sizes cap it there.
  const bytes = Math.min(
    opts.images.reduce((n, i) => n + (i.bytes ?? 1000), 0),
    2 ** 31 - 1,
  );
  await t.database.db
    .insertInto('resources')
    .values(
      resourceRow(now, {
        id,
        seller_id: seller.id,
        name: opts.name ?? 'Defects',
        price: opts.price ?? 1000,
        subtype: opts.subtype ?? 'IMAGE_OBJECT_DETECTION',
        labels: JSON.stringify(opts.labels),
        image_count: opts.images.length,
        annotation_count: annotationCount,
        bytes,
      }),
    )
    .execute();
  const rows = opts.images.map((image, position) => ({
    resource_id: id,
    position,
    file_name: image.fileName,
    folder: '',
    type: 'image/png',
    width: 64,
    height: 48,
    bytes: image.bytes ?? 1000,
    blob_key: blobKey,
    thumb_key: thumbKey,
    pyramid: null,
    split: 'train',
    annotations: JSON.stringify(
      image.annotations.map((a) =>
        a.box
          ? { label: a.label, kind: 'box', ...a.box, data: null }
          : { label: a.label, kind: 'class', x: 0, y: 0, width: 0, height: 0, data: null },
      ),
    ),
    tags: JSON.stringify(image.tags ?? []),
  }));
  for (let i = 0; i < rows.length; i += 200)
    await t.database.db
      .insertInto('resource_images')
      .values(rows.slice(i, i + 200))
      .execute();
  return { id, blobKey };
}

/** An approved model resource (a classifier of `labels`) whose zip blob holds `zip`. */
export async function insertModelResource(
  t: TestApp,
  seller: TestUser,
  opts: { labels: { name: string; color: string }[]; zip?: Uint8Array; name?: string },
): Promise<{ id: string; blobKey: string }> {
  const blobKey = await testBlobs(t).put(opts.zip ?? new Uint8Array([80, 75, 5, 6, ...new Array(18).fill(0)]));
  const id = randomUUID();
  const now = t.clock.now().toISOString();
  const manifest = {
    format: 'maru-model',
    version: 1,
    task: 'classification',
    network: 'classifier-compact',
    backbone: 'mobilenet-v2',
    inputSize: 96,
    labels: opts.labels,
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1 / 255, offset: 0 },
    detection: null,
    metrics: { accuracy: 0.9 },
    createdAt: now,
    trainingId: null,
    tag: 'seller-v1',
  };
  await t.database.db
    .insertInto('resources')
    .values(
      resourceRow(now, {
        id,
        seller_id: seller.id,
        kind: 'model',
        format: 'tfjs',
        name: opts.name ?? 'Classifier',
        price: 5000,
        subtype: 'IMAGE_CLASSIFICATION',
        fingerprint: `model:${id}`,
        labels: JSON.stringify(opts.labels),
        model_blob_key: blobKey,
        model: JSON.stringify({
          task: 'classification',
          network: 'classifier-compact',
          backbone: 'mobilenet-v2',
          inputSize: 96,
          metrics: { accuracy: 0.9 },
          manifest,
        }),
        bytes: 2048,
      }),
    )
    .execute();
  return { id, blobKey };
}

/** A live purchase of the resource by `buyer` (as a DONE order leaves it). */
export async function insertPurchase(
  t: TestApp,
  resourceId: string,
  buyer: TestUser,
  opts: { price?: number; at?: string; canceled?: boolean } = {},
): Promise<string> {
  const resource = await t.database.db
    .selectFrom('resources')
    .select(['seller_id', 'price'])
    .where('id', '=', resourceId)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  const at = opts.at ?? t.clock.now().toISOString();
  await t.database.db
    .insertInto('purchases')
    .values({
      id,
      resource_id: resourceId,
      buyer_id: buyer.id,
      seller_id: resource.seller_id,
      order_id: null,
      price: opts.price ?? Number(resource.price),
      created_at: at,
      canceled_at: opts.canceled ? at : null,
    })
    .execute();
  return id;
}
