import { describe, expect, it } from 'vitest';
import type { TileImage } from '../engine/types';
import { DecoderPool, defaultPoolSize, type DecodeWorker } from './DecoderPool';

/** A fake worker whose decodes finish only when the test says so. */
class FakeWorker implements DecodeWorker {
  readonly pending: Array<{ blob: Blob; resolve: (img: TileImage) => void; reject: (e: unknown) => void }> = [];
  decoded = 0;
  constructor(readonly index: number) {}
  decode(blob: Blob): Promise<TileImage> {
    return new Promise((resolve, reject) => this.pending.push({ blob, resolve, reject }));
  }
  finish(closed?: { count: number }): void {
    const job = this.pending.shift();
    if (!job) throw new Error('nothing pending');
    this.decoded += 1;
    const image = {
      width: 1,
      height: 1,
      data: new Uint8Array(4),
      close: () => {
        if (closed) closed.count += 1;
      },
    };
    job.resolve(image);
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const blob = (s: string) => new Blob([s]);

function makePool(size: number, maxInFlightPerWorker = 2) {
  const workers: FakeWorker[] = [];
  const terminated: number[] = [];
  const pool = new DecoderPool({
    size,
    maxInFlightPerWorker,
    create: (i) => {
      const w = new FakeWorker(i);
      workers.push(w);
      return w;
    },
    terminate: (_w, i) => terminated.push(i),
  });
  return { pool, workers, terminated };
}

describe('DecoderPool', () => {
  it('sizes itself to cores - 1, at least one', () => {
    expect(defaultPoolSize(8)).toBe(7);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(undefined)).toBe(1);
  });

  it('starts workers lazily and sends each job to the least busy one', async () => {
    const { pool, workers } = makePool(3);
    void pool.decode(blob('a'));
    expect(workers.length).toBe(1);
    void pool.decode(blob('b'));
    void pool.decode(blob('c'));
    expect(workers.map((w) => w.pending.length)).toEqual([1, 1, 1]);
    void pool.decode(blob('d'));
    void pool.decode(blob('e'));
    void pool.decode(blob('f'));
    void pool.decode(blob('g'));
    expect(workers.map((w) => w.pending.length)).toEqual([2, 2, 2]);
    expect(pool.queued).toBe(1);
    workers[1]?.finish();
    await tick();
    expect(workers.map((w) => w.pending.length)).toEqual([2, 2, 2]);
    expect(pool.queued).toBe(0);
  });

  it('round-robins between equally idle started workers', async () => {
    const { pool, workers } = makePool(2, 1);
    // Two concurrent jobs start both workers; then one job at a time alternates between them.
    const a = pool.decode(blob('a'));
    const b = pool.decode(blob('b'));
    workers.forEach((w) => w.finish());
    await Promise.all([a, b]);
    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      const p = pool.decode(blob(String(i)));
      const w = workers.find((x) => x.pending.length > 0);
      if (w) {
        order.push(w.index);
        w.finish();
      }
      await p;
    }
    expect(order).toEqual([0, 1, 0, 1, 0, 1]);
  });

  it('drops aborted queued jobs before any worker sees them', async () => {
    const { pool, workers } = makePool(1, 1);
    const first = pool.decode(blob('first'));
    const ac = new AbortController();
    const second = pool.decode(blob('second'), ac.signal);
    const third = pool.decode(blob('third'));
    ac.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    workers[0]?.finish();
    await first;
    await tick();
    expect(await workers[0]?.pending[0]?.blob.text()).toBe('third');
    workers[0]?.finish();
    await third;
    expect(workers[0]?.decoded).toBe(2);
  });

  it('rejects an aborted in-flight job at once and closes its late result', async () => {
    const { pool, workers } = makePool(1);
    const ac = new AbortController();
    const p = pool.decode(blob('x'), ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    const closed = { count: 0 };
    workers[0]?.finish(closed);
    await tick();
    expect(closed.count).toBe(1);
    await expect(pool.decode(blob('y'), ac.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('passes worker errors through and keeps going', async () => {
    const { pool, workers } = makePool(1, 1);
    const p = pool.decode(blob('bad'));
    const q = pool.decode(blob('good'));
    workers[0]?.pending.shift()?.reject(new Error('image_decode_failed'));
    await expect(p).rejects.toThrow('image_decode_failed');
    await tick();
    workers[0]?.finish();
    await expect(q).resolves.toMatchObject({ width: 1 });
  });

  it('dispose rejects queued jobs and terminates started workers', async () => {
    const { pool, terminated } = makePool(2, 1);
    void pool.decode(blob('a')).catch(() => undefined);
    void pool.decode(blob('b')).catch(() => undefined);
    const queued = pool.decode(blob('c'));
    pool.dispose();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    expect(terminated).toEqual([0, 1]);
  });
});
