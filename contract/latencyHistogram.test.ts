import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  emptyMetrics,
  LATENCY_BOUNDS_MS,
  LATENCY_BUCKETS,
  latencyQuantile,
  mergeMetrics,
  metricsWindowSchema,
  recordRequest,
} from './latencyHistogram';

describe('latency histogram', () => {
  it('puts a latency in the first bucket whose bound holds it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(100)).toBe(LATENCY_BOUNDS_MS.indexOf(100));
    expect(bucketOf(1e9)).toBe(LATENCY_BUCKETS - 1);
  });

  it('counts requests, errors and classes, and merges exactly', () => {
    const a = emptyMetrics();
    recordRequest(a, 12, true, ['cat', 'dog']);
    recordRequest(a, 40, false);
    const b = emptyMetrics();
    recordRequest(b, 12, true, ['cat']);
    const sum = mergeMetrics(a, b);
    expect(metricsWindowSchema.parse(sum)).toEqual(sum);
    expect(sum.requests).toBe(3);
    expect(sum.errors).toBe(1);
    expect(sum.classCounts).toEqual({ cat: 2, dog: 1 });
    expect(sum.latency[bucketOf(12)]).toBe(2);
    expect(a.requests).toBe(2); // inputs are left as they were
  });

  it('reads quantiles within the bucket that holds them', () => {
    const m = emptyMetrics();
    for (let i = 0; i < 90; i++) recordRequest(m, 8, true); // bucket (7, 10]
    for (let i = 0; i < 10; i++) recordRequest(m, 250, true); // bucket (200, 300]
    const p50 = latencyQuantile(m.latency, 0.5)!;
    expect(p50).toBeGreaterThan(7);
    expect(p50).toBeLessThanOrEqual(10);
    const p95 = latencyQuantile(m.latency, 0.95)!;
    expect(p95).toBeGreaterThan(200);
    expect(p95).toBeLessThanOrEqual(300);
    expect(latencyQuantile(emptyMetrics().latency, 0.5)).toBeNull();
  });
});
