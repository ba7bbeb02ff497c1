import { AUGMENTED_COPIES } from '../../contract/apiTraining';

/*
 * How the whole training's progress (0–1) is shared between its steps: by the time each is
 * expected to take on this trainer (its measured speeds, as the wizard's estimate), so the bar
 * moves at an even pace. The ETA is measured: the rate of the current phase so far.
 */

/** Speeds assumed before a trainer has measured its own (a busy 2-core machine, wasm). */
export const DEFAULT_FEATURE_MS_PER_IMAGE = 80;
export const DEFAULT_HEAD_MS_PER_SAMPLE = 1;
const DOWNLOAD_SHARE = 0.02;
const UPLOAD_SHARE = 0.02;
/** Predicting an image runs the whole network: a little more than its features. */
const TEST_COST_PER_IMAGE = 1.2;

export interface PlanInput {
  featureMsPerImage: number | null;
  headMsPerSample: number | null;
  /** Train + validation images (their features are computed). */
  images: number;
  trainImages: number;
  testImages: number;
  iterations: number;
  augmentation: boolean;
}

export interface ProgressPlan {
  /** Where each step starts, 0–1. */
  learning: number;
  uploading: number;
  testing: number;
  /** Share of the learning step spent on features (the rest on epochs). */
  featureShare: number;
  /** Estimated seconds of each part (the ETA before any measurement). */
  seconds: { features: number; epochs: number; testing: number };
}

export function progressPlan(input: PlanInput): ProgressPlan {
  const featureMs = input.featureMsPerImage ?? DEFAULT_FEATURE_MS_PER_IMAGE;
  const headMs = input.headMsPerSample ?? DEFAULT_HEAD_MS_PER_SAMPLE;
  const copies = input.augmentation ? AUGMENTED_COPIES : 0;
  const features = ((input.images + input.trainImages * copies) * featureMs) / 1000;
  const epochs = (input.iterations * input.trainImages * (1 + copies) * headMs) / 1000;
  const testing = (input.testImages * featureMs * TEST_COST_PER_IMAGE) / 1000;
  const work = Math.max(features + epochs + testing, 1e-6);
  const rest = 1 - DOWNLOAD_SHARE - UPLOAD_SHARE;
  const learningShare = (rest * (features + epochs)) / work;
  return {
    learning: DOWNLOAD_SHARE,
    uploading: DOWNLOAD_SHARE + learningShare,
    testing: DOWNLOAD_SHARE + learningShare + UPLOAD_SHARE,
    featureShare: features + epochs > 0 ? features / (features + epochs) : 0,
    seconds: { features, epochs, testing },
  };
}

/** Seconds left from the work done so far in this phase and how long it took. */
export function etaSeconds(done: number, total: number, elapsedMs: number, after: number): number | null {
  if (done <= 0 || total <= 0) return null;
  return Math.max(0, ((total - done) * elapsedMs) / done / 1000 + after);
}
