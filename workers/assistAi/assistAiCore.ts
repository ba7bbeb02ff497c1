/**
 * The assist AI's work, free of the worker plumbing so it runs (and is tested) in Node: model
 * zips read once and kept by model id, and a prediction over a window of the image in view —
 * split into tiles for a detector on a large view, each tile stretched to the model's input, the
 * tiles' boxes mapped back to image px and merged.
 */
import type { ModelManifest } from '../../contract/apiModels';
import type { DecodeOptions, RawPrediction, RgbImage } from '../../ml/types';
import {
  mergePredictions,
  planTiles,
  resizeToInput,
  tileBoxToImage,
  type ImagePrediction,
  type PixelRect,
  type WindowPlacement,
} from './viewTiles';

/** A loaded model as the assist AI uses it (ml/modelZip's LoadedModel fits). */
export interface AssistModel {
  manifest: ModelManifest;
  predict(image: RgbImage, options?: DecodeOptions): RawPrediction[] | Promise<RawPrediction[]>;
  dispose(): void;
}

/** Reads a model zip (rejects when it is not a valid model). */
export type ReadModel = (bytes: Uint8Array) => Promise<AssistModel>;

/** Error codes the worker rejects with (the studio translates `assist.errors.<code>`). */
export const ASSIST_AI_ERRORS = ['assist_model_invalid', 'assist_model_missing', 'assist_backend_failed'] as const;
export type AssistAiErrorCode = (typeof ASSIST_AI_ERRORS)[number];

export interface AssistAiWindow {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

export interface AssistAiRequest {
  modelId: string;
  /** RGBA pixels of the region in view at one level. */
  window: AssistAiWindow;
  placement: WindowPlacement;
  /** The region in image px (boxes are clipped to it). */
  region: PixelRect;
  /** Lowest score returned (the panel filters further with its slider). */
  minScore: number;
}

export interface AssistAiAnswer {
  task: ModelManifest['task'];
  predictions: ImagePrediction[];
  /** Model runs (tiles) this answer took. */
  tiles: number;
  /** Milliseconds in the worker, resizing and predicting. */
  ms: number;
}

/** Models kept loaded (the assist model, and the one it replaced while the page switches). */
const KEEP_MODELS = 2;
/** Class predictions returned (best first). */
const TOP_CLASSES = 5;

export class AssistAiCore {
  private readonly models = new Map<string, AssistModel>();

  constructor(private readonly read: ReadModel) {}

  has(modelId: string): boolean {
    return this.models.has(modelId);
  }

  /** Reads and keeps a model zip under `modelId` (the oldest other model is let go past KEEP_MODELS). */
  async load(modelId: string, bytes: Uint8Array): Promise<{ task: ModelManifest['task']; inputSize: number }> {
    let model: AssistModel;
    try {
      model = await this.read(bytes);
    } catch {
      throw new Error('assist_model_invalid');
    }
    this.models.get(modelId)?.dispose();
    this.models.delete(modelId);
    this.models.set(modelId, model);
    for (const [id, old] of this.models) {
      if (this.models.size <= KEEP_MODELS) break;
      if (id === modelId) continue;
      old.dispose();
      this.models.delete(id);
    }
    return { task: model.manifest.task, inputSize: model.manifest.inputSize };
  }

  async predict(request: AssistAiRequest): Promise<AssistAiAnswer> {
    const model = this.models.get(request.modelId);
    if (!model) throw new Error('assist_model_missing');
    const t0 = performance.now();
    const { manifest } = model;
    const size = manifest.inputSize;
    const tiles = planTiles(request.window.width, request.window.height, size, manifest.task);
    const options: DecodeOptions = {
      scoreThreshold: request.minScore,
      nmsIou: manifest.detection?.nmsIou ?? 0.5,
      maxDetections: manifest.detection?.maxDetections ?? 100,
    };
    const all: ImagePrediction[] = [];
    for (const tile of tiles) {
      const image = resizeToInput(request.window, tile, size);
      const raw = await model.predict(image, options);
      for (const p of raw) {
        if (p.score < request.minScore) continue;
        if (!p.box) {
          all.push({ classIndex: p.classIndex, score: p.score, box: null });
          continue;
        }
        const box = tileBoxToImage(p.box, tile, request.placement, request.region);
        if (box) all.push({ classIndex: p.classIndex, score: p.score, box });
      }
    }
    const predictions =
      manifest.task === 'detection'
        ? mergePredictions(all, options.nmsIou ?? 0.5, options.maxDetections ?? 100)
        : all.sort((a, b) => b.score - a.score).slice(0, TOP_CLASSES);
    return { task: manifest.task, predictions, tiles: tiles.length, ms: performance.now() - t0 };
  }

  dispose(): void {
    for (const model of this.models.values()) model.dispose();
    this.models.clear();
  }
}
