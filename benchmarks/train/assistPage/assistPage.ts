/**
 * The page of the `assist 640` cases: the studio's real assist worker (workers/assistAi.worker.ts)
 * loads the benchmark's trained detector zip on one backend, then answers a 640 × 640 view
 * (RGBA, as the studio sends it) again and again. A fresh worker per backend: the worker keeps
 * the first backend it starts.
 */
import { wrap } from 'comlink';
import type { AssistAiWorkerApi } from '../../../workers/assistAi.worker';
import { syntheticShapes } from '../../../ml/synthetic';

export interface AssistRunResult {
  backend: string;
  /** postMessage → answer, ms. */
  latencyMs: number[];
  /** The worker's own resize + predict time, ms. */
  workerMs: number[];
  tiles: number;
  boxes: number;
}

declare global {
  interface Window {
    trainBench?: { run(backend: 'webgl' | 'wasm', runs: number, warmup: number): Promise<AssistRunResult> };
  }
}

const VIEW = 640;

function views(): Uint8ClampedArray[] {
  return syntheticShapes({ task: 'detection', count: 4, size: VIEW, seed: 5 }).items.map(({ image }) => {
    const rgba = new Uint8ClampedArray(VIEW * VIEW * 4);
    for (let i = 0, j = 0; i < image.data.length; i += 3, j += 4) {
      rgba[j] = image.data[i]!;
      rgba[j + 1] = image.data[i + 1]!;
      rgba[j + 2] = image.data[i + 2]!;
      rgba[j + 3] = 255;
    }
    return rgba;
  });
}

async function run(backend: 'webgl' | 'wasm', runs: number, warmup: number): Promise<AssistRunResult> {
  const worker = new Worker(new URL('../../../workers/assistAi.worker.ts', import.meta.url), { type: 'module' });
  try {
    const api = wrap<AssistAiWorkerApi>(worker);
    const zip = await (await fetch('/model/model.zip')).arrayBuffer();
    const loaded = await api.load('bench', zip, [backend]);
    const pixels = views();
    const result: AssistRunResult = { backend: loaded.backend, latencyMs: [], workerMs: [], tiles: 0, boxes: 0 };
    for (let i = 0; i < warmup + runs; i++) {
      const t0 = performance.now();
      const answer = await api.predict({
        modelId: 'bench',
        window: { width: VIEW, height: VIEW, data: pixels[i % pixels.length]! },
        placement: { originX: 0, originY: 0, scale: 1 },
        region: { x: 0, y: 0, width: VIEW, height: VIEW },
        minScore: 0.3,
      });
      if (i < warmup) continue;
      result.latencyMs.push(performance.now() - t0);
      result.workerMs.push(answer.ms);
      result.tiles = answer.tiles;
      result.boxes += answer.predictions.length;
    }
    return result;
  } finally {
    worker.terminate();
  }
}

window.trainBench = { run };
