import type { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTf } from '../../../ml/runtime';
import { tinyClassifierZip } from '../../../ml/testing/tinyClassifierZip';
import type { RgbImage } from '../../../ml/types';
import { InferenceFailure, InferencePool } from './inferencePool';

/*
 * The pool against real threads and real (tiny) models: models swap in and out of each thread's
 * LRU, a model that does not load is refused with its code, and a thread that dies is replaced.
 */

const zips = new Map<string, Uint8Array>();
const reads: string[] = [];
let pool: InferencePool | null = null;

function newPool(threads: number, modelsPerThread: number, timeoutMs?: number): InferencePool {
  pool = new InferencePool({
    threads,
    modelsPerThread,
    timeoutMs,
    readModel: (version) => {
      reads.push(version);
      return Promise.resolve(zips.get(version) ?? null);
    },
  });
  return pool;
}

const image = (): RgbImage => ({
  width: 48,
  height: 40,
  data: new Uint8Array(48 * 40 * 3).fill(90),
});

const labelsOf = async (p: InferencePool, version: string) =>
  (await p.predict(version, image())).map((x) => x.label).sort();

beforeAll(async () => {
  await initTf();
  zips.set('cats', await tinyClassifierZip(['cat', 'dog'], null));
  zips.set('fruit', await tinyClassifierZip(['apple', 'pear', 'plum'], null));
  zips.set('broken', new TextEncoder().encode('not a zip'));
});

afterEach(async () => {
  await pool?.close();
  pool = null;
  reads.length = 0;
});

describe('InferencePool', () => {
  it('serves several models from one thread holding one at a time', async () => {
    const p = newPool(1, 1);
    expect(await labelsOf(p, 'cats')).toEqual(['cat', 'dog']);
    expect(await labelsOf(p, 'fruit')).toEqual(['apple', 'pear', 'plum']);
    expect(await labelsOf(p, 'cats')).toEqual(['cat', 'dog']);
    expect(p.threadCount).toBe(1);
    // Scores of a classifier add up to one.
    const scores = (await p.predict('fruit', image())).reduce((s, x) => s + x.score, 0);
    expect(scores).toBeCloseTo(1, 3);
  });

  it('keeps loaded models without reading them again, and spreads concurrent requests over threads', async () => {
    const p = newPool(2, 2);
    await Promise.all([labelsOf(p, 'cats'), labelsOf(p, 'cats'), labelsOf(p, 'cats')]);
    expect(p.threadCount).toBe(2);
    await labelsOf(p, 'cats');
    expect(reads).toEqual(['cats']);
  });

  it('loads different models into idle threads rather than one after another into the same', async () => {
    const p = newPool(2, 2);
    await p.warm('cats');
    expect(p.threadCount).toBe(1);
    await p.warm('fruit');
    expect(p.threadCount).toBe(2);
  });

  it('refuses a zip that does not load and a missing one as model_unreadable, then serves others', async () => {
    const p = newPool(1, 2);
    await expect(p.warm('broken')).rejects.toMatchObject({ code: 'model_unreadable' });
    await expect(p.predict('gone', image())).rejects.toBeInstanceOf(InferenceFailure);
    await expect(p.predict('gone', image())).rejects.toMatchObject({ code: 'model_unreadable' });
    await p.warm('cats');
    expect(await labelsOf(p, 'cats')).toEqual(['cat', 'dog']);
  });

  it('fails the requests of a thread that dies and starts a fresh one for the next', async () => {
    const p = newPool(1, 1);
    await p.warm('cats');
    const slots = (p as unknown as { slots: ({ worker: Worker } | null)[] }).slots;
    // A large image keeps the thread busy (resizing it) well past the terminate below: with a
    // small one a loaded machine could let the thread answer first.
    const big: RgbImage = { width: 3000, height: 3000, data: new Uint8Array(3000 * 3000 * 3).fill(90) };
    const pending = p.predict('cats', big);
    await slots[0]!.worker.terminate();
    await expect(pending).rejects.toMatchObject({ code: 'inference_failed' });
    expect(await labelsOf(p, 'cats')).toEqual(['cat', 'dog']);
    expect(p.threadCount).toBe(1);
  });

  it('ends a thread whose request takes too long, failing it, and serves the next on a fresh thread', async () => {
    const p = newPool(1, 1, 1);
    // Loading a model takes far longer than 1 ms: the thread is ended under it.
    await expect(p.warm('cats')).rejects.toMatchObject({ code: 'inference_failed' });
    (p as unknown as { options: { timeoutMs: number } }).options.timeoutMs = 60_000;
    expect(await labelsOf(p, 'cats')).toEqual(['cat', 'dog']);
  });

  it('ends its threads on close and refuses work afterwards', async () => {
    const p = newPool(2, 1);
    await p.warm('cats');
    await p.close();
    expect(p.threadCount).toBe(0);
    await expect(p.predict('cats', image())).rejects.toMatchObject({ code: 'inference_failed' });
  });
});
