import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import { RESOURCE_SAMPLES_MAX } from '../../contract/apiMarket';
import type { Db } from '../db/Db';
import type { ResourceImagesTable } from '../db/marketSchema';
import type { StoredSample } from './resourceViews';

/*
 * A dataset as it is now, frozen for the market: the project's ready images (their blob, thumbnail
 * and pyramid keys, shared with the project: posting copies rows, never bytes), the people's
 * annotations (a model's unaccepted proposals are not part of the data), tags, split, the label
 * classes in the project's order, a few sample images, and a fingerprint of the content. The
 * fingerprint names blobs, annotations and labels by value (label names, not ids; images in a
 * sorted order), so the same data gives the same fingerprint whatever the rows' ids, and any
 * change to an annotation, an image or a label class gives another one.
 */

export interface SnapshotLabel {
  name: string;
  color: string;
}

/** One annotation of a snapshot image, as resource_images.annotations holds it. */
export interface SnapshotAnnotation {
  /** Index into the snapshot's labels. */
  label: number;
  kind: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The annotation row's `data` as stored (a polygon's points as JSON text), or null. */
  data: string | null;
}

export interface SnapshotImage {
  fileName: string;
  folder: string;
  type: string;
  width: number;
  height: number;
  bytes: number;
  blobKey: string;
  thumbKey: string | null;
  pyramid: string | null;
  split: string;
  annotations: SnapshotAnnotation[];
  tags: string[];
}

export interface DatasetSnapshot {
  labels: SnapshotLabel[];
  images: SnapshotImage[];
  annotationCount: number;
  /** Bytes of the originals. */
  bytes: number;
  samples: StoredSample[];
  /** 'dataset:' + sha256 of the content. */
  fingerprint: string;
}

/** The project's dataset as it is now (ready images only), in folder and file name order. */
export async function readDatasetSnapshot(db: Db, projectId: string): Promise<DatasetSnapshot> {
  const [labelRows, imageRows, annotationRows, tagRows] = await Promise.all([
    db
      .selectFrom('labels')
      .select(['id', 'name', 'color'])
      .where('project_id', '=', projectId)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('images')
      .select(['id', 'file_name', 'folder', 'type', 'width', 'height', 'bytes', 'blob_key', 'thumb_key', 'pyramid'])
      .select('split')
      .where('project_id', '=', projectId)
      .where('state', '=', 'ready')
      .orderBy('folder')
      .orderBy('file_name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('annotations as a')
      .innerJoin('images as i', 'i.id', 'a.image_id')
      .select(['a.image_id', 'a.label_id', 'a.kind', 'a.x', 'a.y', 'a.width', 'a.height', 'a.data'])
      .where('i.project_id', '=', projectId)
      .where('i.state', '=', 'ready')
      .where('a.source', '=', 'person')
      .orderBy('a.image_id')
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('image_tags as it')
      .innerJoin('tags as t', 't.id', 'it.tag_id')
      .innerJoin('images as i', 'i.id', 'it.image_id')
      .select(['it.image_id', 't.name'])
      .where('i.project_id', '=', projectId)
      .where('i.state', '=', 'ready')
      .orderBy('t.name')
      .execute(),
  ]);
  const labels = labelRows.map((l) => ({ name: l.name, color: l.color }));
  const labelIndex = new Map(labelRows.map((l, i) => [l.id, i]));
  const annotationsOf = new Map<string, SnapshotAnnotation[]>();
  let annotationCount = 0;
  for (const a of annotationRows) {
    const label = labelIndex.get(a.label_id);
    // A label of another project cannot be named by the snapshot's labels.
    if (label === undefined) continue;
    const list = annotationsOf.get(a.image_id) ?? [];
    list.push({
      label,
      kind: a.kind,
      x: Number(a.x),
      y: Number(a.y),
      width: Number(a.width),
      height: Number(a.height),
      data: a.data,
    });
    annotationsOf.set(a.image_id, list);
    annotationCount += 1;
  }
  const tagsOf = new Map<string, string[]>();
  for (const t of tagRows) tagsOf.set(t.image_id, [...(tagsOf.get(t.image_id) ?? []), t.name]);
  let bytes = 0;
  const images = imageRows.map((r): SnapshotImage => {
    bytes += Number(r.bytes);
    return {
      fileName: r.file_name,
      folder: r.folder,
      type: r.type,
      width: Number(r.width),
      height: Number(r.height),
      bytes: Number(r.bytes),
      blobKey: r.blob_key,
      thumbKey: r.thumb_key,
      pyramid: r.pyramid,
      split: r.split,
      annotations: annotationsOf.get(r.id) ?? [],
      tags: tagsOf.get(r.id) ?? [],
    };
  });
  return {
    labels,
    images,
    annotationCount,
    bytes,
    samples: pickSamples(images, labels),
    fingerprint: datasetFingerprint(labels, images),
  };
}

/** 'dataset:' + sha256 over the label classes and each image's blob with its annotations, in a sorted order. */
export function datasetFingerprint(labels: readonly SnapshotLabel[], images: readonly SnapshotImage[]): string {
  const lines = images.map((image) => {
    const annotations = image.annotations
      .map((a) => JSON.stringify([labels[a.label]?.name ?? '', a.kind, a.x, a.y, a.width, a.height, a.data]))
      .sort();
    return `${image.blobKey}\t${annotations.join('\t')}`;
  });
  lines.sort();
  const hash = createHash('sha256');
  hash.update(JSON.stringify(labels.map((l) => [l.name, l.color])));
  for (const line of lines) hash.update(`\n${line}`);
  return `dataset:${hash.digest('hex')}`;
}

/**
 * Up to RESOURCE_SAMPLES_MAX images shown on the resource's page, annotated ones first (in
 * snapshot order), each with its annotations in image pixels; a class annotation has no box.
 * The picture is the thumbnail when there is one (small and always a browser's format).
 */
export function pickSamples(images: readonly SnapshotImage[], labels: readonly SnapshotLabel[]): StoredSample[] {
  const indexed = images.map((image, position) => ({ image, position }));
  const chosen = [
    ...indexed.filter((x) => x.image.annotations.length > 0),
    ...indexed.filter((x) => x.image.annotations.length === 0),
  ].slice(0, RESOURCE_SAMPLES_MAX);
  return chosen.map(({ image }, index) => ({
    index,
    width: image.width,
    height: image.height,
    blobKey: image.thumbKey ?? image.blobKey,
    annotations: image.annotations.map((a) => ({
      label: labels[a.label]?.name ?? '',
      color: labels[a.label]?.color ?? '#888888',
      box: a.kind === 'class' ? null : { x: a.x, y: a.y, width: a.width, height: a.height },
    })),
  }));
}

/** resource_images rows of a snapshot, positions from 0. */
export function snapshotRows(resourceId: string, images: readonly SnapshotImage[]): Insertable<ResourceImagesTable>[] {
  return images.map((image, position) => ({
    resource_id: resourceId,
    position,
    file_name: image.fileName,
    folder: image.folder,
    type: image.type,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    blob_key: image.blobKey,
    thumb_key: image.thumbKey,
    pyramid: image.pyramid,
    split: image.split,
    annotations: JSON.stringify(image.annotations),
    tags: JSON.stringify(image.tags),
  }));
}
