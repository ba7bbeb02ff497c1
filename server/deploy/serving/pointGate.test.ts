import { describe, expect, it } from 'vitest';
import { PointBusyError, PointGate, QUEUE_PER_SLOT } from './pointGate';

describe('PointGate', () => {
  it('runs at most the limit at once per point; the next waits for a release, in order', async () => {
    const gate = new PointGate();
    const first = await gate.acquire('a', 2);
    await gate.acquire('a', 2);
    // Another point has slots of its own.
    const other = await gate.acquire('b', 1);
    const order: string[] = [];
    const third = gate.acquire('a', 2).then((release) => {
      order.push('third');
      return release;
    });
    const fourth = gate.acquire('a', 2).then((release) => {
      order.push('fourth');
      return release;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    first(); // a second call of the same release frees nothing more
    (await third)();
    expect(order).toEqual(['third']);
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    other();
  });

  it('refuses when the queue is full and when the wait is too long', async () => {
    const gate = new PointGate(20);
    const held = await gate.acquire('a', 1);
    const waiting = Array.from({ length: QUEUE_PER_SLOT }, () => gate.acquire('a', 1));
    await expect(gate.acquire('a', 1)).rejects.toBeInstanceOf(PointBusyError);
    const results = await Promise.allSettled(waiting);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof PointBusyError)).toBe(true);
    held();
    // Free again once the holder is done.
    (await gate.acquire('a', 1))();
  });
});
