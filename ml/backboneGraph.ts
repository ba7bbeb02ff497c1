import * as tf from '@tensorflow/tfjs';
import { storedBytes } from './quantizeWeights';

/*
 * Backbone artifacts (the shipped MobileNetV2, or a previous model whose head is dropped) turned
 * into a flat Keras-style graph from pixels (0–255) to one layer: the topology is cut at that
 * layer (everything after it, and its weights, dropped), its input is resized (MobileNetV2 is fully
 * convolutional: any size divisible by 32 works with the same weights) and a Rescaling layer
 * (pixel / 255, what the shipped weights expect) is inserted after the input unless one is there.
 */

export const RESCALE_LAYER = 'pixel_rescale';
export const PIXEL_SCALE = 1 / 255;

interface LayerConfig {
  name: string;
  class_name: string;
  config: Record<string, unknown>;
  inbound_nodes: [string, number, number, Record<string, unknown>][][];
}
interface GraphConfig {
  name?: string;
  layers: LayerConfig[];
  input_layers: [string, number, number][];
  output_layers: [string, number, number][];
}
interface Topology {
  class_name?: string;
  config?: GraphConfig;
  model_config?: { class_name: string; config: GraphConfig };
  keras_version?: string;
  backend?: string;
}

function graphOf(artifacts: tf.io.ModelArtifacts): { className: string; graph: GraphConfig } {
  const topology = artifacts.modelTopology as Topology | undefined;
  const wrapped = topology?.model_config ?? topology;
  if (!wrapped?.config?.layers || !wrapped.class_name) throw new Error('The backbone has no layers model topology');
  if (wrapped.class_name === 'Sequential') throw new Error('The backbone must be a functional model');
  return { className: wrapped.class_name, graph: wrapped.config };
}

/** The layer names of the artifacts' topology. */
export function backboneLayerNames(artifacts: tf.io.ModelArtifacts): string[] {
  return graphOf(artifacts).graph.layers.map((l) => l.name);
}

/** Whether the artifacts already take 0–255 pixels (a model composed here). */
export function takesPixels(artifacts: tf.io.ModelArtifacts): boolean {
  return backboneLayerNames(artifacts).includes(RESCALE_LAYER);
}

function weightBuffer(data: tf.io.ModelArtifacts['weightData']): ArrayBuffer {
  if (!data) throw new Error('The backbone has no weights');
  return Array.isArray(data) ? tf.io.concatenateArrayBuffers(data) : data;
}

/**
 * Artifacts of the backbone cut at `layer`, with input [inputSize, inputSize, 3] in 0–255 pixels.
 * Throws when the layer does not exist.
 */
export function cutBackbone(artifacts: tf.io.ModelArtifacts, layer: string, inputSize: number): tf.io.ModelArtifacts {
  const { className, graph } = graphOf(artifacts);
  const byName = new Map(graph.layers.map((l) => [l.name, l]));
  if (!byName.has(layer)) throw new Error(`The backbone has no layer named ${layer}`);
  // Everything the cut layer depends on, found by walking its inbound nodes backwards.
  const needed = new Set<string>();
  const stack = [layer];
  while (stack.length) {
    const name = stack.pop()!;
    if (needed.has(name)) continue;
    needed.add(name);
    for (const node of byName.get(name)?.inbound_nodes ?? []) for (const [from] of node) stack.push(from);
  }
  const inputs = graph.input_layers.filter(([name]) => needed.has(name));
  if (inputs.length !== 1) throw new Error('The backbone must have exactly one image input');
  const inputName = inputs[0]![0];
  const layers: LayerConfig[] = [];
  for (const original of graph.layers) {
    if (!needed.has(original.name)) continue;
    const l = structuredClone(original);
    if (l.name === inputName) {
      l.config = { ...l.config, batch_input_shape: [null, inputSize, inputSize, 3] };
      layers.push(l);
      if (!needed.has(RESCALE_LAYER)) {
        layers.push({
          name: RESCALE_LAYER,
          class_name: 'Rescaling',
          config: { name: RESCALE_LAYER, trainable: false, dtype: 'float32', scale: PIXEL_SCALE, offset: 0 },
          inbound_nodes: [[[inputName, 0, 0, {}]]],
        });
      }
      continue;
    }
    if (!needed.has(RESCALE_LAYER)) {
      for (const node of l.inbound_nodes) for (const ref of node) if (ref[0] === inputName) ref[0] = RESCALE_LAYER;
    }
    layers.push(l);
  }
  const topology = {
    class_name: className,
    config: {
      name: graph.name ?? 'backbone',
      layers,
      input_layers: [[inputName, 0, 0]],
      output_layers: [[layer, 0, 0]],
    },
    keras_version: 'tfjs-layers',
    backend: 'tensor_flow.js',
  };
  // Keep only the weights of the layers kept (names are '<layer>/<weight>').
  const source = weightBuffer(artifacts.weightData);
  const weightSpecs: tf.io.WeightsManifestEntry[] = [];
  const parts: ArrayBuffer[] = [];
  let offset = 0;
  for (const spec of artifacts.weightSpecs ?? []) {
    const bytes = storedBytes(spec);
    const layerName = spec.name.split('/')[0]!;
    if (needed.has(layerName)) {
      weightSpecs.push(spec);
      parts.push(source.slice(offset, offset + bytes));
    }
    offset += bytes;
  }
  if (offset !== source.byteLength) throw new Error('The backbone weights do not match their specs');
  return { modelTopology: topology, weightSpecs, weightData: tf.io.concatenateArrayBuffers(parts) };
}

/** A short stable identity of artifacts' weights and topology (SHA-256, hex, 16 characters). */
export async function artifactsIdentity(artifacts: tf.io.ModelArtifacts): Promise<string> {
  const specs = new TextEncoder().encode(JSON.stringify(artifacts.weightSpecs ?? []));
  const weights = new Uint8Array(weightBuffer(artifacts.weightData));
  const all = new Uint8Array(specs.length + weights.length);
  all.set(specs);
  all.set(weights, specs.length);
  const digest = await crypto.subtle.digest('SHA-256', all);
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Loads cut artifacts into a LayersModel (from pixels to the cut layer). */
export function loadGraph(artifacts: tf.io.ModelArtifacts): Promise<tf.LayersModel> {
  return tf.loadLayersModel(tf.io.fromMemory(artifacts));
}

/** A pooling layer of the plugin's kind, or null. */
export function poolingLayer(pooling: 'global-average' | 'none' | 'average-2x2'): tf.layers.Layer | null {
  if (pooling === 'global-average') return tf.layers.globalAveragePooling2d({ name: 'feature_pool' });
  if (pooling === 'average-2x2') return tf.layers.averagePooling2d({ poolSize: 2, strides: 2, name: 'feature_pool' });
  return null;
}
