import { randomUUID } from 'node:crypto';
import {
  MODEL_UPLOAD_ERROR_CODES,
  MODEL_UPLOAD_MAX_BYTES,
  type Model,
  type ModelManifest,
  type ModelUploadErrorCode,
} from '../../contract/apiModels';
import type { Task } from '../../contract/apiTraining';
import type { BlobStore } from '../blobs/BlobStore';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { taskOfSubtypeOrNull } from './createTraining';

/**
 * Reads a model zip and returns its manifest, or throws an error whose `code` says why not; with
 * `expect.task`, a zip of another task is refused before its weights are loaded.
 */
export type ModelZipChecker = (bytes: Uint8Array, expect: { task?: Task }) => Promise<ModelManifest>;

export const modelInvalid = (code: ModelUploadErrorCode) =>
  new ApiError('model_invalid', `Failed to upload model (${code}).`, { modelError: code });

const tooLarge = () => new ApiError('payload_too_large', 'The model zip is larger than the limit.');

/**
 * The request body in memory, refused with 413 as soon as it passes `max` bytes (a declared
 * Content-Length over the limit before anything is read). The checker needs the whole zip at
 * once, so memory holds at most `max` bytes per upload.
 */
export async function readBodyWithLimit(
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | undefined,
  max = MODEL_UPLOAD_MAX_BYTES,
): Promise<Uint8Array> {
  const claimed = Number(contentLength ?? NaN);
  if (Number.isFinite(claimed) && claimed > max) throw tooLarge();
  if (!body) throw modelInvalid('model_not_zip');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

function isModelZipError(error: unknown): error is { code: ModelUploadErrorCode } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (MODEL_UPLOAD_ERROR_CODES as readonly string[]).includes(code);
}

export interface ModelUploadInput {
  project: { id: string; subtype: string };
  bytes: Uint8Array;
  tag: string | null;
  createdBy: string;
  now: Date;
}

/**
 * Checks an uploaded model zip and stores it as a model of the project (source 'uploaded'):
 * the zip itself (`check`: format, manifest, files, weights, output shape), then what only this
 * project can say — its type trains the manifest's task (`model_task_mismatch`) and it has a
 * label of each name the manifest lists (`model_labels_unknown`; names compare as the project
 * compares label names, trimmed and case-blind). Output index i is then the project label
 * matched to manifest label i. Returns the new row's id. 400 `model_invalid` with `modelError`.
 */
export async function storeUploadedModel(
  db: Db,
  blobs: BlobStore,
  check: ModelZipChecker,
  input: ModelUploadInput,
): Promise<string> {
  const task = taskOfSubtypeOrNull(input.project.subtype);
  let manifest: ModelManifest;
  try {
    manifest = await check(input.bytes, task ? { task } : {});
  } catch (error) {
    if (isModelZipError(error)) throw modelInvalid(error.code);
    throw error;
  }
  if (task !== manifest.task) throw modelInvalid('model_task_mismatch');

  const projectLabels = await db
    .selectFrom('labels')
    .select(['id', 'name', 'name_key', 'color'])
    .where('project_id', '=', input.project.id)
    .execute();
  const byKey = new Map(projectLabels.map((l) => [l.name_key, l]));
  const labels: Model['labels'] = [];
  for (const wanted of manifest.labels) {
    const label = byKey.get(wanted.name.trim().toLowerCase());
    if (!label) throw modelInvalid('model_labels_unknown');
    labels.push({ id: label.id, name: label.name, color: label.color });
  }

  const id = randomUUID();
  const blobKey = await blobs.put(input.bytes);
  await db
    .insertInto('models')
    .values({
      id,
      project_id: input.project.id,
      training_id: null,
      tag: input.tag ?? manifest.tag,
      task: manifest.task,
      network: manifest.network,
      backbone: manifest.backbone,
      input_size: manifest.inputSize,
      labels: JSON.stringify(labels),
      metrics: JSON.stringify(manifest.metrics),
      manifest: JSON.stringify(manifest),
      source: 'uploaded',
      blob_key: blobKey,
      bytes: input.bytes.byteLength,
      created_by: input.createdBy,
      created_at: input.now.toISOString(),
    })
    .execute();
  return id;
}
