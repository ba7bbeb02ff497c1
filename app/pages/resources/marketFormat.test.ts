import { describe, expect, it } from 'vitest';
import { formatMetric, shownMetrics } from './marketFormat';

describe('market formatting', () => {
  it('shows ratios as percentages and a loss as a number', () => {
    expect(formatMetric('map50', 0.8734, 'en')).toBe('87.3%');
    expect(formatMetric('accuracy', 1, 'ko')).toBe('100%');
    expect(formatMetric('loss', 0.052341, 'en')).toBe('0.05234');
    // A ratio name outside 0–1 is not a ratio.
    expect(formatMetric('f1', 12, 'en')).toBe('12');
  });

  it('keeps finite numbers only, known metrics first', () => {
    expect(
      shownMetrics({ loss: 0.1, custom: 3, map50: 0.5, perClass: [{ ap50: 1 }], broken: Number.NaN, map5095: 0.3 }),
    ).toEqual([
      { key: 'map50', value: 0.5 },
      { key: 'map5095', value: 0.3 },
      { key: 'loss', value: 0.1 },
      { key: 'custom', value: 3 },
    ]);
  });
});
