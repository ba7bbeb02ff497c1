import * as tf from '@tensorflow/tfjs';

/*
 * The detector's training loss over a batch of 'center-grid-v1' outputs (centerGrid.ts):
 * CenterNet's penalty-reduced focal loss on the heat map (α = 2, β = 4: easy negatives and the
 * Gaussian shoulders around a centre count little) plus an L1 loss on the box values at the
 * centre cells (the cells whose target heat is 1), both divided by the number of boxes.
 */

const ALPHA = 2;
const BETA = 4;
/** Box values are offsets (0–1) and log sizes (about −3…0): one weight serves both. */
const BOX_WEIGHT = 1;

export function detectorLoss(yTrue: tf.Tensor, yPred: tf.Tensor): tf.Scalar {
  return tf.tidy(() => {
    const depth = yTrue.shape[yTrue.shape.length - 1]!;
    const numClasses = depth - 4;
    const heatTrue = yTrue.slice([0, 0, 0, 0], [-1, -1, -1, numClasses]);
    const logits = yPred.slice([0, 0, 0, 0], [-1, -1, -1, numClasses]);
    const boxTrue = yTrue.slice([0, 0, 0, numClasses], [-1, -1, -1, 4]);
    const boxPred = yPred.slice([0, 0, 0, numClasses], [-1, -1, -1, 4]);

    const positive = heatTrue.greaterEqual(0.999).toFloat();
    const numPositive = positive.sum().maximum(1);
    const p = tf.sigmoid(logits).clipByValue(1e-4, 1 - 1e-4);
    // log σ(x) = −softplus(−x) and log(1 − σ(x)) = −softplus(x), stable for large logits.
    const logP = tf.softplus(logits.neg()).neg();
    const logNotP = tf.softplus(logits).neg();
    const posLoss = logP.mul(tf.scalar(1).sub(p).pow(ALPHA)).mul(positive);
    const negWeight = tf.scalar(1).sub(heatTrue).pow(BETA).mul(tf.scalar(1).sub(positive));
    const negLoss = logNotP.mul(p.pow(ALPHA)).mul(negWeight);
    const heatLoss = posLoss.sum().add(negLoss.sum()).neg().div(numPositive);

    const centre = positive.max(-1, true);
    const boxLoss = boxPred.sub(boxTrue).abs().mul(centre).sum().div(numPositive);
    return heatLoss.add(boxLoss.mul(BOX_WEIGHT)) as tf.Scalar;
  });
}
