import type { ServedPrediction } from '../contract/apiAgent';
import type { ModelManifest } from '../contract/apiModels';
import type { RgbImage } from '../ml/types';

/** A model loaded and warmed up, as the agent's endpoint serves it. */
export interface ServingModel {
  modelId: string;
  /** sha256 of the model zip. */
  version: string;
  manifest: ModelManifest;
  /** Predictions for each image (ml/servedPredictions.ts), best score first. */
  predict(images: readonly RgbImage[], threshold?: number): Promise<ServedPrediction[][]>;
  dispose(): void;
}
