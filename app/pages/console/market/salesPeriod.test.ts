import { describe, expect, it } from 'vitest';
import { monthRange, periodRange } from './salesPeriod';

describe('sales periods', () => {
  const today = new Date(2026, 0, 15);
  it('gives whole calendar months, across a year boundary and in a leap year', () => {
    expect(monthRange(today, 0)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(monthRange(today, -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthRange(new Date(2028, 2, 3), -1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
  it('asks for a custom period only when both dates are there and in order', () => {
    expect(periodRange('custom', today, { from: '2026-01-01', to: '' })).toBeNull();
    expect(periodRange('custom', today, { from: '2026-02-01', to: '2026-01-01' })).toBeNull();
    expect(periodRange('custom', today, { from: '2026-01-01', to: '2026-01-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
    });
    expect(periodRange('lastMonth', today, { from: '', to: '' })).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
