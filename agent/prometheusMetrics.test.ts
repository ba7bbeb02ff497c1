import { describe, expect, it } from 'vitest';
import { bucketOf, emptyMetrics, LATENCY_BOUNDS_MS, recordRequest } from '../contract/latencyHistogram';
import { prometheusText } from './prometheusMetrics';

describe('prometheusText', () => {
  it('writes cumulative buckets, label counts with escaped names, and no model line when none serves', () => {
    const totals = emptyMetrics();
    recordRequest(totals, 4, true, ['a "quoted" label', 'plain']);
    recordRequest(totals, 40, true, ['plain']);
    recordRequest(totals, 99_999, false);
    const text = prometheusText(totals, null);
    const bucket = (le: string) =>
      Number(
        new RegExp(`maru_agent_request_duration_ms_bucket\\{le="${le.replace('+', '\\+')}"\\} (\\d+)`).exec(text)![1],
      );
    expect(bucket(String(LATENCY_BOUNDS_MS[bucketOf(4)]))).toBe(1);
    expect(bucket(String(LATENCY_BOUNDS_MS[bucketOf(40)]))).toBe(2);
    expect(bucket('10000')).toBe(2);
    expect(bucket('+Inf')).toBe(3);
    expect(text).toContain('maru_agent_request_errors_total 1');
    expect(text).toContain('maru_agent_predictions_total{label="a \\"quoted\\" label"} 1');
    expect(text).toContain('maru_agent_predictions_total{label="plain"} 2');
    expect(text).not.toContain('maru_agent_model_info{');
    expect(text.endsWith('\n')).toBe(true);
  });
});
