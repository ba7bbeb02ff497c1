import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { redSquareDetectorZip } from '../ml/testing/redSquareDetector';
import { tinyClassifierZip } from '../ml/testing/tinyClassifierZip';
import { initServingRuntime, loadServingModel, rawOutputsFinite } from './loadServingModel';
import { rgbImage } from './testing/encodeImages';

describe('loadServingModel', () => {
  beforeAll(async () => {
    await initServingRuntime();
  });

  it('serves a detector: boxes in the image pixels, labelled, from the manifest decoding', async () => {
    const zip = await redSquareDetectorZip('defect');
    const model = await loadServingModel(zip, { modelId: 'm1', version: 'abc' });
    try {
      expect([model.modelId, model.version, model.manifest.task]).toEqual(['m1', 'abc', 'detection']);
      // A 256 × 256 image: one red square filling grid cell (2, 1) of 32 px cells.
      const image = rgbImage(256, 256, (x, y) => (x >= 64 && x < 96 && y >= 32 && y < 64 ? [255, 0, 0] : [40, 40, 40]));
      const blank = rgbImage(256, 256, () => [40, 40, 40]);
      const [found, none] = await model.predict([image, blank]);
      expect(none).toEqual([]);
      expect(found).toHaveLength(1);
      expect(found![0]!.label).toBe('defect');
      expect(found![0]!.score).toBeGreaterThan(0.9);
      const box = found![0]!.box!;
      expect(box.x).toBeCloseTo(64, 0);
      expect(box.y).toBeCloseTo(32, 0);
      expect(box.width).toBeCloseTo(32, 0);
      expect(box.height).toBeCloseTo(32, 0);
      expect(await rawOutputsFinite(model)).toBe(true);
    } finally {
      model.dispose();
    }
  });

  it('serves a classifier: one prediction per label, best first, scores summing to one', async () => {
    const model = await loadServingModel(await tinyClassifierZip(['cat', 'dog', 'bird'], null), {
      modelId: 'm2',
      version: 'v',
    });
    try {
      const [predictions] = await model.predict([rgbImage(50, 40, (x) => [x * 5, 100, 200])]);
      expect(predictions!.map((p) => p.label).sort()).toEqual(['bird', 'cat', 'dog']);
      const scores = predictions!.map((p) => p.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      expect(scores.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
      expect(predictions!.every((p) => p.box === undefined)).toBe(true);
      // A threshold keeps only the predictions at or above it.
      const [kept] = await model.predict([rgbImage(50, 40, (x) => [x * 5, 100, 200])], 0.5);
      expect(kept!.length).toBeLessThan(3);
      expect(kept!.map((p) => p.score)).toEqual(scores.filter((s) => s >= 0.5));
    } finally {
      model.dispose();
    }
  });

  it('frees a model disposed mid-prediction only once that prediction ends, and refuses later ones', async () => {
    const model = await loadServingModel(await tinyClassifierZip(['a', 'b'], null), { modelId: 'm4', version: 'v' });
    const tensorsBefore = tf.memory().numTensors;
    const pending = model.predict([rgbImage(64, 64, () => [10, 200, 30])]);
    model.dispose();
    const [answer] = await pending;
    expect(answer!.map((p) => p.label).sort()).toEqual(['a', 'b']);
    // The weights went once the prediction ended.
    expect(tf.memory().numTensors).toBeLessThan(tensorsBefore);
    await expect(model.predict([rgbImage(8, 8, () => [0, 0, 0])])).rejects.toThrow(/unloaded/);
  });

  it('rejects a zip that is not a model, with the model zip code', async () => {
    await expect(loadServingModel(new Uint8Array([1, 2, 3]), { modelId: 'x', version: 'y' })).rejects.toMatchObject({
      code: 'model_not_zip',
    });
  });

  it('checks the raw outputs only of the models it loaded', async () => {
    const model = await loadServingModel(await tinyClassifierZip(['a', 'b'], null), { modelId: 'm3', version: 'v' });
    try {
      expect(await rawOutputsFinite(model)).toBe(true);
    } finally {
      model.dispose();
    }
    await expect(rawOutputsFinite({ ...model, predict: model.predict, dispose: model.dispose })).rejects.toThrow(
      /not a model/,
    );
  });
});
