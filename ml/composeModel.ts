import * as tf from '@tensorflow/tfjs';
import { createFeatureModel } from './featureExtractor';
import type { NetworkPlugin } from './types';

/*
 * The exported network is one flat LayersModel: pixels (0–255) → Rescaling → backbone cut →
 * pooling → the trained head's layers. The head's layers are applied again on the feature
 * model's output (sharing their weights), so the result has no nested models and loads with a
 * plain `tf.loadLayersModel` anywhere.
 */

/** Applies a functional model's layers (not the model itself) to a new input tensor. */
export function applyLayers(model: tf.LayersModel, input: tf.SymbolicTensor): tf.SymbolicTensor[] {
  if (model.inputs.length !== 1) throw new Error('A head must have one input');
  const mapped = new Map<number, tf.SymbolicTensor>([[model.inputs[0]!.id, input]]);
  for (const layer of model.layers) {
    if (layer.getClassName() === 'InputLayer') continue;
    // A head's layer belongs to the head through its first node (heads are built once and used once).
    const node = layer.inboundNodes[0];
    if (!node) throw new Error(`The head's layer ${layer.name} is not connected`);
    const inputs = node.inputTensors.map((t) => {
      const m = mapped.get(t.id);
      if (!m) throw new Error(`The head's layer ${layer.name} has an input from outside the head`);
      return m;
    });
    const applied = layer.apply(inputs.length === 1 ? inputs[0]! : inputs) as tf.SymbolicTensor | tf.SymbolicTensor[];
    const outputs = Array.isArray(applied) ? applied : [applied];
    node.outputTensors.forEach((t, i) => mapped.set(t.id, outputs[i]!));
  }
  return model.outputs.map((t) => {
    const m = mapped.get(t.id);
    if (!m) throw new Error('The head output is not reachable from its input');
    return m;
  });
}

/** One model from [1, inputSize, inputSize, 3] pixels (0–255 floats) to the head's outputs. */
export async function composeModel(
  backbone: tf.io.ModelArtifacts,
  plugin: NetworkPlugin,
  inputSize: number,
  head: tf.LayersModel,
): Promise<tf.LayersModel> {
  const features = await createFeatureModel(backbone, plugin, inputSize);
  const outputs = applyLayers(head, features.outputs[0]!);
  const model = tf.model({ inputs: features.inputs, outputs, name: plugin.network.replace(/-/g, '_') });
  model.trainable = false;
  return model;
}
