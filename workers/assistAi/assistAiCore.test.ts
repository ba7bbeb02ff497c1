import { describe, expect, it } from 'vitest';
import type { ModelManifest } from '../../contract/apiModels';
import type { RawPrediction, RgbImage } from '../../ml/types';
import { AssistAiCore, type AssistModel } from './assistAiCore';

function manifest(task: 'detection' | 'classification', inputSize = 64): ModelManifest {
  return {
    format: 'maru-model',
    version: 1,
    task,
    network: task === 'detection' ? 'detector-compact' : 'classifier-compact',
    backbone: 'mobilenet-v2',
    inputSize,
    labels: [
      { name: 'a', color: '#ff0000' },
      { name: 'b', color: '#0000ff' },
    ],
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1 / 255, offset: 0 },
    detection:
      task === 'detection'
        ? { encoding: 'center-grid-v1', gridSize: 8, scoreThreshold: 0.4, nmsIou: 0.5, maxDetections: 50 }
        : null,
    metrics: {},
    createdAt: '2026-01-01T00:00:00Z',
    trainingId: null,
    tag: null,
  } as ModelManifest;
}

/**
 * A stand-in network that finds the red pixels of its input: one box around them (relative to
 * the input), so what comes back proves which pixels the model saw and how boxes were mapped.
 */
function redFinder(task: 'detection' | 'classification', inputs: RgbImage[] = []): AssistModel {
  let disposed = false;
  return {
    manifest: manifest(task),
    predict(image: RgbImage): RawPrediction[] {
      if (disposed) throw new Error('disposed');
      inputs.push(image);
      let x0 = Infinity;
      let y0 = Infinity;
      let x1 = -1;
      let y1 = -1;
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++) {
          const i = (y * image.width + x) * 3;
          if (image.data[i]! > 200 && image.data[i + 2]! < 50) {
            x0 = Math.min(x0, x);
            y0 = Math.min(y0, y);
            x1 = Math.max(x1, x + 1);
            y1 = Math.max(y1, y + 1);
          }
        }
      if (task === 'classification')
        return [
          { classIndex: 0, score: x1 < 0 ? 0.1 : 0.9, box: null },
          { classIndex: 1, score: x1 < 0 ? 0.9 : 0.1, box: null },
        ];
      if (x1 < 0) return [];
      const s = image.width;
      return [{ classIndex: 0, score: 0.8, box: [x0 / s, y0 / s, (x1 - x0) / s, (y1 - y0) / s] }];
    },
    dispose() {
      disposed = true;
    },
  };
}

/** A white RGBA window with a red rectangle. */
function window(width: number, height: number, red: { x: number; y: number; w: number; h: number }) {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = red.y; y < red.y + red.h; y++)
    for (let x = red.x; x < red.x + red.w; x++) data.set([255, 0, 0, 255], (y * width + x) * 4);
  return { width, height, data };
}

describe('AssistAiCore', () => {
  it('maps a detection in a small view back to image px through the level scale', async () => {
    const inputs: RgbImage[] = [];
    const core = new AssistAiCore(async () => redFinder('detection', inputs));
    await core.load('m1', new Uint8Array(1));
    const answer = await core.predict({
      modelId: 'm1',
      window: window(128, 128, { x: 32, y: 64, w: 32, h: 32 }),
      placement: { originX: 4096, originY: 0, scale: 4 },
      region: { x: 4096, y: 0, width: 512, height: 512 },
      minScore: 0.05,
    });
    expect(answer.tiles).toBe(1);
    expect(inputs[0]!.width).toBe(64);
    expect(answer.predictions).toHaveLength(1);
    const box = answer.predictions[0]!.box!;
    // Window px (32, 64, 32 × 32) at scale 4 from x = 4096.
    expect(box.x).toBeCloseTo(4096 + 32 * 4, 0);
    expect(box.y).toBeCloseTo(64 * 4, 0);
    expect(box.width).toBeCloseTo(128, 0);
    expect(box.height).toBeCloseTo(128, 0);
  });

  it('splits a large view into tiles and merges an object seen by two of them', async () => {
    const core = new AssistAiCore(async () => redFinder('detection'));
    await core.load('m1', new Uint8Array(1));
    // 256 px window, 64 px input → tiles; the red square sits where two tiles overlap.
    const answer = await core.predict({
      modelId: 'm1',
      window: window(256, 128, { x: 118, y: 40, w: 20, h: 20 }),
      placement: { originX: 0, originY: 0, scale: 1 },
      region: { x: 0, y: 0, width: 256, height: 128 },
      minScore: 0.05,
    });
    expect(answer.tiles).toBeGreaterThan(1);
    expect(answer.predictions).toHaveLength(1);
    const box = answer.predictions[0]!.box!;
    expect(Math.abs(box.x - 118)).toBeLessThanOrEqual(3);
    expect(Math.abs(box.width - 20)).toBeLessThanOrEqual(6);
  });

  it('answers classes best first for a classifier, whatever the view size (one input)', async () => {
    const core = new AssistAiCore(async () => redFinder('classification'));
    await core.load('c', new Uint8Array(1));
    const answer = await core.predict({
      modelId: 'c',
      window: window(1024, 1024, { x: 0, y: 0, w: 1, h: 1 }),
      placement: { originX: 0, originY: 0, scale: 1 },
      region: { x: 0, y: 0, width: 1024, height: 1024 },
      minScore: 0.05,
    });
    expect(answer.tiles).toBe(1);
    expect(answer.predictions.map((p) => p.classIndex)).toEqual([1, 0]);
    expect(answer.predictions.every((p) => p.box === null)).toBe(true);
  });

  it('refuses an unreadable zip and a model it does not hold with codes, and keeps two models', async () => {
    const made: AssistModel[] = [];
    const core = new AssistAiCore(async (bytes) => {
      if (bytes[0] === 0) throw new Error('not a zip');
      const m = redFinder('detection');
      made.push(m);
      return m;
    });
    await expect(core.load('bad', new Uint8Array([0]))).rejects.toThrow('assist_model_invalid');
    const request = {
      modelId: 'nope',
      window: window(8, 8, { x: 0, y: 0, w: 1, h: 1 }),
      placement: { originX: 0, originY: 0, scale: 1 },
      region: { x: 0, y: 0, width: 8, height: 8 },
      minScore: 0.05,
    };
    await expect(core.predict(request)).rejects.toThrow('assist_model_missing');
    for (const id of ['a', 'b', 'c']) await core.load(id, new Uint8Array([1]));
    expect([core.has('a'), core.has('b'), core.has('c')]).toEqual([false, true, true]);
    // The model let go was disposed: predicting with it would throw.
    expect(() => made[0]!.predict({ width: 1, height: 1, data: new Uint8Array(3) })).toThrow('disposed');
  });
});
