import * as tf from '@tensorflow/tfjs';

/*
 * The detector's head over a backbone feature map [G, G, F]: a dense layer on the channel axis
 * (a 1 × 1 convolution), one 3 × 3 convolution so a cell sees the cells around it (the extent of
 * an object that spans several cells), then the outputs. The 3 × 3 step trains on wasm through
 * the Conv2DBackpropFilter kernel ml/runtime registers (ml/kernels); 'shift' builds the same
 * function from nine zero-padded crops concatenated and mixed by a dense layer, for a runtime
 * without that kernel — measured 1.8× slower a training step (372 vs 688 ms CPU, batch 16 at
 * 16 × 16 × 576), so not the default.
 */

export interface DetectorHeadOptions {
  /** Channels after the first 1 × 1 layer. */
  width: number;
  /** Add the 3 × 3 neighbourhood step. */
  context: boolean;
  /** A 3 × 3 convolution ('conv', the default) or shifted copies + dense ('shift'). */
  contextKind?: 'shift' | 'conv';
  /** Dropout on the features (regularizes small data sets). */
  dropout: number;
}

export const DETECTOR_HEAD_DEFAULTS: DetectorHeadOptions = {
  width: 96,
  context: true,
  contextKind: 'conv',
  dropout: 0.1,
};

/** The heat-map logits start at the prior 1 % (Lin et al.: stable early focal-loss training). */
const HEAT_PRIOR_BIAS = -Math.log((1 - 0.01) / 0.01);

export function buildDetectorHead(
  featureShape: readonly number[],
  numClasses: number,
  options: DetectorHeadOptions = DETECTOR_HEAD_DEFAULTS,
): tf.LayersModel {
  const [rows, cols, channels] = featureShape;
  if (rows === undefined || cols === undefined || channels === undefined || featureShape.length !== 3)
    throw new Error(`detector head: feature shape [${featureShape.join(', ')}] is not [rows, cols, channels]`);
  const input = tf.input({ shape: [rows, cols, channels], name: 'features' });
  let x: tf.SymbolicTensor = input;
  if (options.dropout > 0)
    x = tf.layers.dropout({ rate: options.dropout, name: 'det_dropout' }).apply(x) as tf.SymbolicTensor;
  x = tf.layers.dense({ units: options.width, activation: 'relu', name: 'det_reduce' }).apply(x) as tf.SymbolicTensor;
  if (options.context && (options.contextKind ?? 'conv') === 'conv') {
    x = tf.layers
      .conv2d({ filters: options.width, kernelSize: 3, padding: 'same', activation: 'relu', name: 'det_context' })
      .apply(x) as tf.SymbolicTensor;
  } else if (options.context) {
    const padded = tf.layers.zeroPadding2d({ padding: 1, name: 'det_pad' }).apply(x) as tf.SymbolicTensor;
    const shifted: tf.SymbolicTensor[] = [];
    for (let dr = 0; dr < 3; dr++)
      for (let dc = 0; dc < 3; dc++)
        shifted.push(
          tf.layers
            .cropping2D({
              cropping: [
                [dr, 2 - dr],
                [dc, 2 - dc],
              ],
              name: `det_shift_${dr}${dc}`,
            })
            .apply(padded) as tf.SymbolicTensor,
        );
    x = tf.layers.concatenate({ axis: -1, name: 'det_neighbours' }).apply(shifted) as tf.SymbolicTensor;
    x = tf.layers
      .dense({ units: options.width, activation: 'relu', name: 'det_context' })
      .apply(x) as tf.SymbolicTensor;
  }
  const heat = tf.layers
    .dense({
      units: numClasses,
      name: 'det_heat',
      biasInitializer: tf.initializers.constant({ value: HEAT_PRIOR_BIAS }),
    })
    .apply(x) as tf.SymbolicTensor;
  const box = tf.layers.dense({ units: 4, name: 'det_box' }).apply(x) as tf.SymbolicTensor;
  const output = tf.layers.concatenate({ axis: -1, name: 'det_output' }).apply([heat, box]) as tf.SymbolicTensor;
  return tf.model({ inputs: input, outputs: output, name: 'detector_head' });
}
