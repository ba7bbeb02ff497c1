import { AUGMENTED_COPIES, type Augmentation } from '../contract/apiTraining';
import { applyAugment, augmentCopyKey, augmentFor } from './augment';
import type { FeatureExtractor } from './featureExtractor';
import { FeatureStore } from './featureStore';
import { resizeRgb } from './rgbImage';
import type { FeatureCache, NetworkPlugin, RgbImage, Target, TrainingExample } from './types';

/*
 * The feature phase of a training: every training image (and its augmented copies) and every
 * validation image through the frozen feature extractor once, reusing the feature cache.
 */

export interface FeatureSet {
  store: FeatureStore;
  targets: Target[];
  /** Per sample: whether it is an original image (not an augmented copy). */
  original: boolean[];
}

interface Pending {
  key: string;
  image: RgbImage;
  target: Target;
  original: boolean;
}

export interface FeaturePhaseOptions {
  extractor: FeatureExtractor;
  plugin: NetworkPlugin;
  cache?: FeatureCache;
  augmentation: Augmentation;
  memoryBudgetBytes?: number;
  shouldStop(): boolean;
  /** After each group of samples: samples done so far. */
  onDone(done: number): void | Promise<void>;
}

const GROUP = 8;

export function copiesOf(augmentation: Augmentation): number {
  return augmentation.enabled && (augmentation.flip || augmentation.shift || augmentation.brightness)
    ? AUGMENTED_COPIES
    : 0;
}

/** Features of the examples (with `copies` augmented copies each); null when stopped. */
export async function computeFeatures(
  examples: readonly TrainingExample[],
  copies: number,
  options: FeaturePhaseOptions,
  doneBefore = 0,
): Promise<FeatureSet | null> {
  const { extractor, plugin, cache } = options;
  const featureSize = extractor.featureShape.reduce((a, b) => a * b, 1);
  const store = new FeatureStore(featureSize, examples.length * (1 + copies), cache, options.memoryBudgetBytes);
  const set: FeatureSet = { store, targets: [], original: [] };
  let pending: Pending[] = [];
  let done = doneBefore;

  const flush = async () => {
    if (pending.length === 0) return;
    const features = await extractor.extract(pending.map((p) => p.image));
    for (let i = 0; i < pending.length; i++) {
      const p = pending[i]!;
      if (cache) await cache.put(p.key, features[i]!);
      add(p.key, features[i]!, p.target, p.original);
    }
    done += pending.length;
    pending = [];
    await options.onDone(done);
  };
  const add = (key: string, features: Float32Array, target: Target, original: boolean) => {
    store.add(key, features);
    set.targets.push(target);
    set.original.push(original);
  };

  for (const example of examples) {
    if (options.shouldStop()) return null;
    let image: RgbImage | null = null;
    for (let copy = 0; copy <= copies; copy++) {
      const key = `${extractor.id}:${example.key}:${augmentCopyKey(copy, options.augmentation)}`;
      const augment = copy === 0 ? null : augmentFor(example.key, copy, options.augmentation);
      const target = augment ? plugin.transformTarget(example.target, augment) : example.target;
      const cached = cache ? await cache.get(key) : null;
      if (cached && cached.length === featureSize) {
        add(key, cached, target, copy === 0);
        done++;
        continue;
      }
      image ??= resizeRgb(await example.load(), extractor.inputSize, extractor.inputSize);
      pending.push({ key, image: augment ? applyAugment(image, augment) : image, target, original: copy === 0 });
    }
    if (pending.length >= GROUP) await flush();
    else if (done % GROUP === 0) await options.onDone(done);
  }
  await flush();
  await options.onDone(done);
  return set;
}
