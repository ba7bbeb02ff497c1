import * as tf from '@tensorflow/tfjs';
import type { NetworkPlugin, NormBox, Target } from '../types';
import { meanAp50 } from '../eval/meanAp50';
import { decodeGrid, encodeGrid } from './centerGrid';
import { buildDetectorHead, DETECTOR_HEAD_DEFAULTS, type DetectorHeadOptions } from './detectorHead';
import { detectorLoss } from './detectorLoss';
import { transformBoxes } from './transformBoxes';

/*
 * The compact single-shot detector ('detector-compact'): MobileNetV2 features at one layer, a small
 * head that predicts the 'center-grid-v1' grid (centerGrid.ts). The choice of layer, pooling and
 * head was measured: docs/decisions/0069-compact-detector.md.
 */

export interface DetectorConfig {
  backboneLayer: string;
  pooling: NetworkPlugin['pooling'];
  head: DetectorHeadOptions;
}

export const DETECTOR_COMPACT_CONFIG: DetectorConfig = {
  backboneLayer: 'block_13_expand_relu',
  pooling: 'none',
  head: DETECTOR_HEAD_DEFAULTS,
};

const boxesOf = (target: Target): NormBox[] => (target.kind === 'boxes' ? target.boxes : []);

/** The grid size of an output shape [G, G, C + 4] (with or without the batch axis). */
function gridOf(outputShape: readonly number[]): number {
  const dims = outputShape.filter((d): d is number => d !== null);
  const g = dims[dims.length - 3];
  if (g === undefined || g !== dims[dims.length - 2])
    throw new Error(`detector: output shape [${outputShape.join(', ')}] is not a square grid`);
  return g;
}

export function createDetectorPlugin(config: DetectorConfig): NetworkPlugin {
  return {
    network: 'detector-compact',
    task: 'detection',
    backboneLayer: config.backboneLayer,
    pooling: config.pooling,
    buildHead: (featureShape, numClasses) => buildDetectorHead(featureShape, numClasses, config.head),
    encodeTargets(targets, numClasses, outputShape) {
      const G = gridOf(outputShape);
      const size = G * G * (numClasses + 4);
      const data = new Float32Array(targets.length * size);
      targets.forEach((t, i) => data.set(encodeGrid(boxesOf(t), numClasses, G), i * size));
      return tf.tensor4d(data, [targets.length, G, G, numClasses + 4]);
    },
    loss: detectorLoss,
    transformTarget(target, transform) {
      return target.kind === 'boxes' ? { kind: 'boxes', boxes: transformBoxes(target.boxes, transform) } : target;
    },
    decode: (output, numClasses, outputShape, options) => decodeGrid(output, numClasses, gridOf(outputShape), options),
    validationAccuracy: (predictions, targets, numClasses) => meanAp50(predictions, targets.map(boxesOf), numClasses),
  };
}

export const detectorCompactPlugin: NetworkPlugin = createDetectorPlugin(DETECTOR_COMPACT_CONFIG);
