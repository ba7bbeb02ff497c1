import * as tf from '@tensorflow/tfjs';

/*
 * The wasm backend has no Conv2DBackpropFilter kernel, so any trainable convolution fails there.
 * The filter gradient is itself one convolution: with the batch and channel axes of the input
 * swapped ([Cin, H, W, N]) and the output gradient used as the filter ([Ho, Wo, N, Cout],
 * dilated by the forward stride), a stride-1 convolution gives [Cin, fh, fw, Cout] — transposed
 * to the filter's layout. Padding is applied explicitly so 'same', 'valid' and explicit pads
 * all reduce to a 'valid' convolution.
 */

interface BackpropFilterAttrs {
  strides: [number, number] | number;
  pad: 'valid' | 'same' | number | tf.backend_util.ExplicitPadding;
  dataFormat: 'NHWC' | 'NCHW';
  dimRoundingMode?: 'floor' | 'round' | 'ceil';
  filterShape: [number, number, number, number];
}

/** The filter gradient of a 2-D convolution, written with ordinary ops (runs on any backend). */
export function conv2dBackpropFilterByConv(
  x: tf.Tensor4D,
  dy: tf.Tensor4D,
  filterShape: readonly [number, number, number, number],
  strides: [number, number] | number,
  pad: BackpropFilterAttrs['pad'],
  dimRoundingMode?: BackpropFilterAttrs['dimRoundingMode'],
): tf.Tensor4D {
  return tf.tidy(() => {
    const [fh, fw] = filterShape;
    const [sh, sw] = typeof strides === 'number' ? [strides, strides] : strides;
    const info = tf.backend_util.computeConv2DInfo(
      x.shape,
      [...filterShape],
      [sh, sw],
      1,
      pad,
      dimRoundingMode,
      false,
      'channelsLast',
    );
    const { top, left } = info.padInfo;
    const [, h, w] = x.shape;
    const [, ho, wo] = dy.shape;
    // The padded extent the forward pass read: (out - 1) * stride + filter.
    const needH = (ho - 1) * sh + fh;
    const needW = (wo - 1) * sw + fw;
    const bottom = Math.max(0, needH - h - top);
    const right = Math.max(0, needW - w - left);
    let padded: tf.Tensor4D = x;
    if (top || left || bottom || right) {
      padded = tf.pad(x, [
        [0, 0],
        [top, bottom],
        [left, right],
        [0, 0],
      ]);
    }
    // Crop what the forward pass never reached, so the 'valid' output is exactly fh × fw.
    padded = tf.slice(padded, [0, 0, 0, 0], [-1, needH, needW, -1]);
    const xT = tf.transpose(padded, [3, 1, 2, 0]); // [Cin, H, W, N]
    const dyT = tf.transpose(dy, [1, 2, 0, 3]); // [Ho, Wo, N, Cout]
    const conv = tf.conv2d(xT, dyT, 1, 'valid', 'NHWC', [sh, sw]); // [Cin, fh, fw, Cout]
    return tf.transpose(conv, [1, 2, 0, 3]);
  });
}

let registered = false;

/** Registers the kernel for the wasm backend once per process (a no-op afterwards). */
export function registerWasmConv2dBackpropFilter(): void {
  if (registered) return;
  registered = true;
  if (tf.getKernel('Conv2DBackpropFilter', 'wasm')) return;
  tf.registerKernel({
    kernelName: 'Conv2DBackpropFilter',
    backendName: 'wasm',
    kernelFunc: ({ inputs, attrs }) => {
      const { x, dy } = inputs as { x: tf.Tensor4D; dy: tf.Tensor4D };
      const a = attrs as unknown as BackpropFilterAttrs;
      if (a.dataFormat === 'NCHW') throw new Error('Conv2DBackpropFilter (wasm): NCHW is not supported');
      return conv2dBackpropFilterByConv(x, dy, a.filterShape, a.strides, a.pad, a.dimRoundingMode);
    },
  });
}
