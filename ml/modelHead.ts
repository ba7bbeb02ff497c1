import type * as tf from '@tensorflow/tfjs';
import { RESCALE_LAYER } from './backboneGraph';
import { serializeWeights } from './headWeights';

/*
 * A composed model's head is every layer that is not the backbone: not the cut layer nor any
 * layer it depends on. Its weights, in the model's layer order (the order a freshly built head of
 * the same network lists them), seed a new training from a previous model.
 */

export function headWeightsOf(model: tf.LayersModel, backboneLayer: string): ArrayBuffer | null {
  let cut: tf.layers.Layer;
  try {
    cut = model.getLayer(backboneLayer);
  } catch {
    return null;
  }
  const backbone = new Set<string>([RESCALE_LAYER]);
  const stack: tf.layers.Layer[] = [cut];
  while (stack.length) {
    const layer = stack.pop()!;
    if (backbone.has(layer.name)) continue;
    backbone.add(layer.name);
    for (const node of layer.inboundNodes) for (const inbound of node.inboundLayers) stack.push(inbound);
  }
  const weights = model.layers.filter((l) => !backbone.has(l.name)).flatMap((l) => l.getWeights());
  return weights.length ? serializeWeights(weights) : null;
}
