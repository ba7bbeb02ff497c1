import { randomUUID } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { ModelManifest } from '../../contract/apiModels';
import { modelReadme } from '../../ml/modelReadme';
import type { BlobStore } from '../blobs/BlobStore';
import type { Db } from '../db/Db';
import type { TrainingLabel } from './trainingData';

/*
 * The 'uploading' step: the model zip goes into the blob store and a models row names it (source
 * 'trained'). After testing, the zip is written again with the test figures and the detector's
 * best threshold in its manifest — the weights are the same bytes, so what was tested is what
 * users download. The first zip's blob is left to the collector (a download may be reading it).
 */

/** The zip with its manifest (and the README written from it) replaced; every other entry as it was. */
export function withManifest(zip: Uint8Array, manifest: ModelManifest): Uint8Array {
  const entries = unzipSync(zip);
  entries['manifest.json'] = strToU8(JSON.stringify(manifest, null, 2));
  entries['README.md'] = strToU8(modelReadme(manifest));
  return zipSync(entries);
}

export interface SavedModel {
  id: string;
  blobKey: string;
  bytes: number;
}

export interface NewTrainedModel {
  projectId: string;
  trainingId: string;
  createdBy: string | null;
  labels: readonly TrainingLabel[];
  manifest: ModelManifest;
  zip: Uint8Array;
}

export async function insertTrainedModel(
  db: Db,
  blobs: BlobStore,
  model: NewTrainedModel,
  now: Date,
): Promise<SavedModel> {
  const blobKey = await blobs.put(model.zip);
  const id = randomUUID();
  const { manifest } = model;
  await db
    .insertInto('models')
    .values({
      id,
      project_id: model.projectId,
      training_id: model.trainingId,
      tag: manifest.tag,
      task: manifest.task,
      network: manifest.network,
      backbone: manifest.backbone,
      input_size: manifest.inputSize,
      labels: JSON.stringify(model.labels.map((l) => ({ id: l.id, name: l.name, color: l.color }))),
      metrics: JSON.stringify(manifest.metrics),
      manifest: JSON.stringify(manifest),
      source: 'trained',
      blob_key: blobKey,
      bytes: model.zip.byteLength,
      created_by: model.createdBy,
      created_at: now.toISOString(),
    })
    .execute();
  return { id, blobKey, bytes: model.zip.byteLength };
}

/** The tested zip (same weights, final manifest) replaces the first one. */
export async function replaceModelZip(
  db: Db,
  blobs: BlobStore,
  modelId: string,
  manifest: ModelManifest,
  zip: Uint8Array,
): Promise<SavedModel> {
  const blobKey = await blobs.put(zip);
  await db
    .updateTable('models')
    .set({
      blob_key: blobKey,
      bytes: zip.byteLength,
      manifest: JSON.stringify(manifest),
      metrics: JSON.stringify(manifest.metrics),
    })
    .where('id', '=', modelId)
    .execute();
  return { id: modelId, blobKey, bytes: zip.byteLength };
}

/** A project without an assist model takes its first trained one (the studio's assist AI works at once). */
export async function adoptAsAssistModel(db: Db, projectId: string, modelId: string): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set({ assist_model_id: modelId })
    .where('id', '=', projectId)
    .where('assist_model_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
