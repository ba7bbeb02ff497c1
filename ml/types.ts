import type * as tf from '@tensorflow/tfjs';
import type { EpochMetrics, Hyperparameters, Network, Task } from '../contract/apiTraining';
import type { ModelManifest } from '../contract/apiModels';

/*
 * The shapes the ml/ layer speaks in. A model is a frozen pretrained backbone cut at one layer,
 * whose features are computed once per image (and cached), plus a small trained head; the exported
 * model composes both into one TF.js LayersModel from pixels to outputs.
 */

/** Pixels, 3 bytes a pixel (R, G, B), row-major, no padding. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A box relative to its image: x, y of the top-left corner, width and height, all 0–1. */
export interface NormBox {
  classIndex: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What an image teaches: its class (classification) or its boxes (detection). */
export type Target = { kind: 'class'; classIndex: number } | { kind: 'boxes'; boxes: NormBox[] };

/** One prediction. Boxes are relative to the image (0–1); classification predictions have none. */
export interface RawPrediction {
  classIndex: number;
  score: number;
  box: [x: number, y: number, w: number, h: number] | null;
}

/** A geometric change augmentation applied to an image, so targets follow it. */
export interface AugmentTransform {
  flipX: boolean;
  /** Shift as a fraction of the side (content moves right/down when positive). */
  dx: number;
  dy: number;
}

/**
 * What makes a task trainable on cached features: where to cut the backbone, the head, the
 * targets, the loss, and how outputs become predictions. One per network (ml/networks.ts).
 */
export interface NetworkPlugin {
  network: Network;
  task: Task;
  /** The backbone layer the features are read from (MobileNetV2 layer names). */
  backboneLayer: string;
  /** Pooling applied to the backbone layer's output before caching ('none': keep the map). */
  pooling: 'global-average' | 'none' | 'average-2x2';
  /** The head: input = one image's cached features, output = the network's raw outputs. */
  buildHead(featureShape: readonly number[], numClasses: number): tf.LayersModel;
  /** Training targets for a batch, shaped like the head's output. */
  encodeTargets(targets: Target[], numClasses: number, outputShape: readonly number[]): tf.Tensor;
  /** Loss between encoded targets and head outputs (a scalar). */
  loss(yTrue: tf.Tensor, yPred: tf.Tensor): tf.Scalar;
  /** The target of an augmented copy. */
  transformTarget(target: Target, transform: AugmentTransform): Target;
  /** One sample's output (flattened head output) to predictions. */
  decode(
    output: Float32Array,
    numClasses: number,
    outputShape: readonly number[],
    options?: DecodeOptions,
  ): RawPrediction[];
  /** The epoch's validation figure: accuracy (classification) or mAP@0.5 (detection). */
  validationAccuracy(predictions: RawPrediction[][], targets: Target[], numClasses: number): number;
}

export interface DecodeOptions {
  scoreThreshold?: number;
  nmsIou?: number;
  maxDetections?: number;
}

/** Where features of an image are kept between trainings (the trainer: the blob store). */
export interface FeatureCache {
  get(key: string): Promise<Float32Array | null>;
  put(key: string, features: Float32Array): Promise<void>;
}

/** One image of a training set: loaded lazily (the trainer reads blobs and decodes with sharp). */
export interface TrainingExample {
  /** Stable per image content (the blob key): part of the feature cache key. */
  key: string;
  /** The image resized to the model's input size (any size is stretched by the caller or here). */
  load(): Promise<RgbImage>;
  target: Target;
}

export interface TrainProgress {
  phase: 'features' | 'learning';
  /** features: images done of total; learning: batch of batches within `epoch` (1-based). */
  done: number;
  total: number;
  epoch: number;
  loss: number | null;
}

/** Head weights after an epoch: enough to resume training at `epoch + 1`. */
export interface Checkpoint {
  epoch: number;
  weights: ArrayBuffer;
  history: EpochMetrics[];
}

export interface TrainModelOptions {
  network: Network;
  labels: ModelManifest['labels'];
  hyperparameters: Hyperparameters;
  /** The backbone's artifacts (ml/node/mobileNetV2Artifacts.ts) or a previous model's, whose head is dropped. */
  backbone: tf.io.ModelArtifacts;
  /** A previous model of the same network and labels to start the head from (its weights). */
  initialHead?: ArrayBuffer;
  train: TrainingExample[];
  validation: TrainingExample[];
  seed: number;
  cache?: FeatureCache;
  /**
   * Features kept in memory up to this many bytes (default 512 MB); past it, with a cache, every
   * batch reads its features back from the cache (large detection feature maps).
   */
  featureMemoryBytes?: number;
  /** Resume after this checkpoint's epoch. */
  resume?: Checkpoint;
  /** Checked between batches: true stops the training within one batch. */
  shouldStop(): boolean;
  onProgress?(progress: TrainProgress): void | Promise<void>;
  /** After each epoch (awaited: the trainer stores the checkpoint before going on). */
  onEpoch?(metrics: EpochMetrics, checkpoint: Checkpoint): void | Promise<void>;
}

export interface TrainModelResult {
  /** The whole network (backbone cut + head), ready for modelZip.writeModelZip. */
  model: tf.LayersModel;
  history: EpochMetrics[];
  stopped: boolean;
  /**
   * The epoch whose head the model carries: the best on validation (accuracy, then loss), as the
   * last epochs may overfit; the last epoch when there is no validation split; null before any.
   */
  bestEpoch?: number | null;
}
