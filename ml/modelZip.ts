import * as tf from '@tensorflow/tfjs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import {
  MODEL_UPLOAD_MAX_BYTES,
  modelManifestSchema,
  type ModelManifest,
  type ModelUploadErrorCode,
} from '../contract/apiModels';
import { TASK_OF_NETWORK, type Task } from '../contract/apiTraining';
import { headWeightsOf } from './modelHead';
import { modelReadme } from './modelReadme';
import { networkPlugin } from './networks';
import { predictImages } from './predict';
import { quantizeWeights, storedBytes } from './quantizeWeights';
import type { DecodeOptions, RawPrediction, RgbImage } from './types';

/*
 * The model zip: model.json + weights.bin (a TF.js LayersModel from pixels to outputs, weights
 * uint8-quantized), manifest.json (contract/apiModels.ts modelManifestSchema) and README.md.
 * Reading checks everything an uploaded zip could get wrong, each failure with its code.
 */

/** At most this many entries, and this many bytes once inflated (a zip bomb stops here). */
export const MODEL_ZIP_MAX_ENTRIES = 64;
export const MODEL_ZIP_MAX_INFLATED_BYTES = 400 * 1024 * 1024;

export class ModelZipError extends Error {
  constructor(
    readonly code: ModelUploadErrorCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'ModelZipError';
  }
}

export interface LoadedModel {
  manifest: ModelManifest;
  model: tf.LayersModel;
  /** Decodes with `options`, else the network's defaults (every box worth evaluating). */
  predict(image: RgbImage, options?: DecodeOptions): Promise<RawPrediction[]>;
  predictMany(images: readonly RgbImage[], options?: DecodeOptions): Promise<RawPrediction[][]>;
  /** The trained head's weights (to start a new training from), or null when the graph has none. */
  headWeights(): ArrayBuffer | null;
  dispose(): void;
}

/** What the project expects of an uploaded model (checked only when given). */
export interface ModelZipExpectation {
  task?: Task;
  /** The project's label names: the manifest's must all be among them. */
  labelNames?: readonly string[];
}

interface ModelJson {
  format?: string;
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

export async function writeModelZip(model: tf.LayersModel, manifest: ModelManifest): Promise<Uint8Array> {
  const valid = modelManifestSchema.parse(manifest);
  let artifacts: tf.io.ModelArtifacts | null = null;
  await model.save(
    tf.io.withSaveHandler(async (a) => {
      artifacts = a;
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  const saved = artifacts as tf.io.ModelArtifacts | null;
  if (!saved?.weightData || !saved.weightSpecs) throw new Error('writeModelZip: the model saved no weights');
  const data = Array.isArray(saved.weightData) ? tf.io.concatenateArrayBuffers(saved.weightData) : saved.weightData;
  const quantized = quantizeWeights(saved.weightSpecs, data);
  const modelJson: ModelJson & Record<string, unknown> = {
    format: 'layers-model',
    generatedBy: `TensorFlow.js tfjs-layers v${tf.version_layers}`,
    convertedBy: null,
    modelTopology: saved.modelTopology as object,
    weightsManifest: [{ paths: ['weights.bin'], weights: quantized.specs }],
  };
  return zipSync({
    'manifest.json': strToU8(JSON.stringify(valid, null, 2)),
    'model.json': strToU8(JSON.stringify(modelJson)),
    'weights.bin': quantized.data,
    'README.md': strToU8(modelReadme(valid)),
  });
}

function unzipLimited(bytes: Uint8Array): Record<string, Uint8Array> {
  if (bytes.byteLength > MODEL_UPLOAD_MAX_BYTES) {
    throw new ModelZipError('model_too_large', `${bytes.byteLength} bytes`);
  }
  let entries = 0;
  let inflated = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        entries++;
        inflated += file.originalSize;
        if (entries > MODEL_ZIP_MAX_ENTRIES)
          throw new ModelZipError('model_too_large', `over ${MODEL_ZIP_MAX_ENTRIES} entries`);
        if (inflated > MODEL_ZIP_MAX_INFLATED_BYTES) throw new ModelZipError('model_too_large', 'inflates too large');
        return !file.name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof ModelZipError) throw error;
    throw new ModelZipError('model_not_zip', error instanceof Error ? error.message : String(error));
  }
}

function parseJson(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(strFromU8(bytes));
  } catch {
    return null;
  }
}

/** The zip's files, normalised: './a' and 'a' are the same entry. */
function fileMap(files: Record<string, Uint8Array>): Map<string, Uint8Array> {
  return new Map(Object.entries(files).map(([name, data]) => [name.replace(/^\.\//, ''), data]));
}

/** Opens, checks and loads a model zip; the caller disposes the model. */
async function openModelZip(
  bytes: Uint8Array,
  expect: ModelZipExpectation = {},
): Promise<{ manifest: ModelManifest; model: tf.LayersModel }> {
  const files = fileMap(unzipLimited(bytes));
  const manifestBytes = files.get('manifest.json');
  if (!manifestBytes) throw new ModelZipError('model_manifest_missing', 'no manifest.json');
  const parsed = modelManifestSchema.safeParse(parseJson(manifestBytes));
  if (!parsed.success) throw new ModelZipError('model_manifest_invalid', parsed.error.message);
  const manifest = parsed.data;
  if (TASK_OF_NETWORK[manifest.network] !== manifest.task) {
    throw new ModelZipError('model_manifest_invalid', `network ${manifest.network} does not solve ${manifest.task}`);
  }
  if ((manifest.task === 'detection') !== (manifest.detection !== null)) {
    throw new ModelZipError('model_manifest_invalid', 'detection settings do not match the task');
  }
  if (expect.task && expect.task !== manifest.task) {
    throw new ModelZipError('model_task_mismatch', `a ${manifest.task} model for a ${expect.task} project`);
  }
  if (expect.labelNames) {
    const known = new Set(expect.labelNames);
    const unknown = manifest.labels.filter((l) => !known.has(l.name)).map((l) => l.name);
    if (unknown.length) throw new ModelZipError('model_labels_unknown', unknown.join(', '));
  }
  const modelJsonBytes = files.get('model.json');
  if (!modelJsonBytes) throw new ModelZipError('model_files_missing', 'no model.json');
  const modelJson = parseJson(modelJsonBytes) as ModelJson | null;
  if (!modelJson?.modelTopology || !Array.isArray(modelJson.weightsManifest)) {
    throw new ModelZipError('model_weights_invalid', 'model.json is not a TF.js layers model');
  }
  const specs: tf.io.WeightsManifestEntry[] = [];
  const parts: Uint8Array[] = [];
  for (const group of modelJson.weightsManifest) {
    for (const path of group.paths ?? []) {
      const part = files.get(path.replace(/^\.\//, ''));
      if (!part) throw new ModelZipError('model_files_missing', `no ${path}`);
      parts.push(part);
    }
    specs.push(...(group.weights ?? []));
  }
  const expectedBytes = specs.reduce((n, s) => n + storedBytes(s), 0);
  const weightData = tf.io.concatenateArrayBuffers(
    parts.map((p) => p.buffer.slice(p.byteOffset, p.byteOffset + p.byteLength) as ArrayBuffer),
  );
  if (weightData.byteLength !== expectedBytes) {
    throw new ModelZipError(
      'model_weights_invalid',
      `${weightData.byteLength} weight bytes, specs need ${expectedBytes}`,
    );
  }
  let model: tf.LayersModel;
  try {
    model = await tf.loadLayersModel(
      tf.io.fromMemory({ modelTopology: modelJson.modelTopology, weightSpecs: specs, weightData }),
    );
  } catch (error) {
    throw new ModelZipError('model_weights_invalid', error instanceof Error ? error.message : String(error));
  }
  try {
    checkShapes(model, manifest);
  } catch (error) {
    model.dispose();
    throw error;
  }
  return { manifest, model };
}

function checkShapes(model: tf.LayersModel, manifest: ModelManifest): void {
  const size = manifest.inputSize;
  const input = model.inputs.length === 1 ? model.inputs[0]!.shape : null;
  if (!input || input.length !== 4 || input[1] !== size || input[2] !== size || input[3] !== 3) {
    throw new ModelZipError('model_output_mismatch', `input [${input?.join(', ')}] is not [${size}, ${size}, 3]`);
  }
  const output = model.outputs.length === 1 ? model.outputs[0]!.shape.slice(1) : null;
  const classes = manifest.labels.length;
  const expected =
    manifest.task === 'classification'
      ? [classes]
      : [manifest.detection!.gridSize, manifest.detection!.gridSize, classes + 4];
  if (!output || output.join(',') !== expected.join(',')) {
    throw new ModelZipError(
      'model_output_mismatch',
      `output [${output?.join(', ')}], expected [${expected.join(', ')}]`,
    );
  }
}

/** Checks a zip as an upload would and returns its manifest; throws ModelZipError with the first fault. */
export async function checkModelZip(bytes: Uint8Array, expect?: ModelZipExpectation): Promise<ModelManifest> {
  const { manifest, model } = await openModelZip(bytes, expect);
  model.dispose();
  return manifest;
}

/** Loads a model zip for inference (and as a base for a new training). */
export async function readModelZip(bytes: Uint8Array, expect?: ModelZipExpectation): Promise<LoadedModel> {
  const { manifest, model } = await openModelZip(bytes, expect);
  const plugin = networkPlugin(manifest.network);
  const numClasses = manifest.labels.length;
  return {
    manifest,
    model,
    predict: async (image, options) =>
      (await predictImages(model, plugin, manifest.inputSize, numClasses, [image], options))[0]!,
    predictMany: (images, options) => predictImages(model, plugin, manifest.inputSize, numClasses, images, options),
    headWeights: () => headWeightsOf(model, plugin.backboneLayer),
    dispose: () => model.dispose(),
  };
}
