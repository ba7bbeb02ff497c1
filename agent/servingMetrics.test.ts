import { describe, expect, it } from 'vitest';
import { bucketOf } from '../contract/latencyHistogram';
import { createServingMetrics, isEmptyMetrics } from './servingMetrics';

describe('createServingMetrics', () => {
  it('counts requests, errors, latency buckets and labels into both the delta and the totals', () => {
    const metrics = createServingMetrics();
    metrics.record(4, true, ['cat', 'dog', 'cat']);
    metrics.record(120, false);
    const delta = metrics.takeDelta();
    expect(delta.requests).toBe(2);
    expect(delta.errors).toBe(1);
    expect(delta.latency[bucketOf(4)]).toBe(1);
    expect(delta.latency[bucketOf(120)]).toBe(1);
    expect(delta.classCounts).toEqual({ cat: 2, dog: 1 });
    expect(isEmptyMetrics(metrics.takeDelta())).toBe(true);
    expect(metrics.totals().requests).toBe(2);
  });

  it('adds a failed report back, so the next delta holds it and what came since', () => {
    const metrics = createServingMetrics();
    metrics.record(10, true, ['a']);
    const failed = metrics.takeDelta();
    metrics.record(20, true, ['a', 'b']);
    metrics.restoreDelta(failed);
    const next = metrics.takeDelta();
    expect(next.requests).toBe(2);
    expect(next.classCounts).toEqual({ a: 2, b: 1 });
    expect(metrics.totals().requests).toBe(2);
  });

  it('hands out copies of the totals', () => {
    const metrics = createServingMetrics();
    metrics.record(1, true, ['x']);
    const copy = metrics.totals();
    copy.requests = 99;
    copy.classCounts.x = 99;
    expect(metrics.totals().requests).toBe(1);
    expect(metrics.totals().classCounts.x).toBe(1);
  });
});
