import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsIdentity, cutBackbone } from './backboneGraph';
import { classifierCompactPlugin, classifierStandardPlugin } from './classification/classifierPlugin';
import { composeModel } from './composeModel';
import { createFeatureExtractor } from './featureExtractor';
import { mobileNetV2Artifacts } from './node/mobileNetV2Artifacts';
import { initTf } from './runtime';
import { syntheticShapes } from './synthetic';

describe('feature extractor', () => {
  beforeAll(async () => {
    await initTf();
  });

  it('gives the shipped network’s own out_relu features, pooled, from 0–255 pixels', async () => {
    const image = syntheticShapes({ task: 'classification', count: 1, size: 224, seed: 4 }).items[0]!.image;
    // The reference: the whole nsfwjs network as shipped, fed pixel / 255, read at out_relu.
    const full = await tf.loadLayersModel(tf.io.fromMemory(mobileNetV2Artifacts()));
    const cut = tf.model({ inputs: full.inputs, outputs: full.getLayer('out_relu').output as tf.SymbolicTensor });
    const reference = tf.tidy(() => {
      const x = tf.tensor4d(
        Float32Array.from(image.data, (v) => v / 255),
        [1, 224, 224, 3],
      );
      return (cut.predict(x) as tf.Tensor).mean([1, 2]);
    });
    const expected = await reference.data();
    tf.dispose(reference);
    full.dispose();
    const extractor = await createFeatureExtractor(mobileNetV2Artifacts(), classifierCompactPlugin, 224);
    const [features] = await extractor.extract([image]);
    extractor.dispose();
    expect(features!.length).toBe(1280);
    let worst = 0;
    for (let i = 0; i < 1280; i++) worst = Math.max(worst, Math.abs(expected[i]! - features![i]!));
    expect(worst).toBeLessThan(1e-4);
    expect(Math.max(...features!)).toBeGreaterThan(0.5);
  });

  it('runs at other input sizes with the same weights, stretching any image, in batches', async () => {
    const extractor = await createFeatureExtractor(mobileNetV2Artifacts(), classifierCompactPlugin, 128);
    expect(extractor.inputSize).toBe(128);
    expect(extractor.featureShape).toEqual([1280]);
    expect(extractor.id).toMatch(/^[0-9a-f]{16}:out_relu:global-average:128$/);
    const images = syntheticShapes({ task: 'classification', count: 10, size: 100, seed: 8 }).items.map((i) => i.image);
    const before = tf.memory().numTensors;
    const features = await extractor.extract(images);
    expect(tf.memory().numTensors).toBe(before);
    expect(features).toHaveLength(10);
    // Batching must not mix images: one image alone gives the same features as in the batch.
    const [alone] = await extractor.extract([images[9]!]);
    for (let i = 0; i < 1280; i += 97) expect(alone![i]).toBeCloseTo(features[9]![i]!, 4);
    extractor.dispose();
    await expect(extractor.extract(images)).rejects.toThrow(/disposed/);
  });

  it('refuses sizes MobileNetV2 cannot take and layers it does not have', async () => {
    await expect(createFeatureExtractor(mobileNetV2Artifacts(), classifierCompactPlugin, 200)).rejects.toThrow(
      /Input size/,
    );
    expect(() => cutBackbone(mobileNetV2Artifacts(), 'no_such_layer', 224)).toThrow(/no layer named no_such_layer/);
  });

  it('names different weights differently', async () => {
    const artifacts = mobileNetV2Artifacts();
    const data = (artifacts.weightData as ArrayBuffer).slice(0);
    const bytes = new Uint8Array(data);
    bytes[100] = bytes[100]! ^ 1;
    const a = await artifactsIdentity(artifacts);
    const b = await artifactsIdentity({ ...artifacts, weightData: data });
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).not.toBe(a);
    expect(await artifactsIdentity(artifacts)).toBe(a);
  });

  it('takes a previous model as the backbone: its head dropped, its rescale kept, at any input size', async () => {
    const head = classifierStandardPlugin.buildHead([1280], 3);
    const previous = await composeModel(mobileNetV2Artifacts(), classifierStandardPlugin, 128, head);
    let artifacts: tf.io.ModelArtifacts | null = null;
    await previous.save(
      tf.io.withSaveHandler(async (a) => {
        artifacts = a;
        return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
      }),
    );
    previous.dispose();
    const images = syntheticShapes({ task: 'classification', count: 2, size: 160, seed: 3 }).items.map((i) => i.image);
    const shipped = await createFeatureExtractor(mobileNetV2Artifacts(), classifierCompactPlugin, 160);
    const reused = await createFeatureExtractor(artifacts!, classifierCompactPlugin, 160);
    expect(reused.id).not.toBe(shipped.id);
    const [a, b] = [await shipped.extract(images), await reused.extract(images)];
    let worst = 0;
    for (let i = 0; i < 2; i++) for (let k = 0; k < 1280; k++) worst = Math.max(worst, Math.abs(a[i]![k]! - b[i]![k]!));
    // Same weights, same pixels: the previous model's graph gives the shipped features (a double rescale would not).
    expect(worst).toBeLessThan(1e-4);
    shipped.dispose();
    reused.dispose();
  }, 60_000);
});
