import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { metricsFixture } from './deployTestData';
import { formatMs, MetricsCharts } from './MetricsCharts';

describe('MetricsCharts', () => {
  it('shows the window totals, quantiles from the merged histogram, the per-minute figures and the classes', () => {
    renderWithProviders(<MetricsCharts metrics={metricsFixture()} />, { locale: 'en' });
    expect(screen.getByTestId('metrics-total-requests').textContent).toBe('100');
    expect(screen.getByTestId('metrics-total-errors').textContent).toBe('2');
    // 90 of 100 requests in the (10, 15] ms bucket: the median interpolates inside it.
    expect(screen.getByTestId('metrics-total-p50').textContent).toBe('13 ms');
    // The 95th falls in the (100, 150] bucket.
    expect(screen.getByTestId('metrics-total-p95').textContent).toBe('125 ms');
    const traffic = within(screen.getByTestId('chart-traffic'));
    const lastRow = traffic.getAllByRole('row').at(-1)!;
    expect(
      within(lastRow)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['100', '2']);
    const classes = screen.getAllByTestId('metrics-class').map((row) => row.getAttribute('data-label'));
    expect(classes).toEqual(['cat', 'dog']);
  });

  it('says when nothing was predicted', () => {
    const metrics = metricsFixture();
    metrics.total = { ...metrics.total, classCounts: {} };
    renderWithProviders(<MetricsCharts metrics={metrics} />, { locale: 'ko' });
    expect(screen.getByText('이 기간에 예측이 없습니다.')).toBeTruthy();
  });

  it('formats latencies', () => {
    expect(formatMs(null)).toBe('—');
    expect(formatMs(3.24)).toBe('3.2 ms');
    expect(formatMs(140.4)).toBe('140 ms');
    expect(formatMs(1830)).toBe('1.8 s');
  });
});
