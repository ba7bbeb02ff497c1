import { Box, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PointMetrics } from '../../../../contract/apiDeploy';
import { latencyQuantile } from '../../../../contract/latencyHistogram';
import { MetricStat } from '../training/detail/evaluation/MetricStat';
import { LineChart, type ChartSeries } from '../training/detail/LineChart';

export const METRICS_COLORS = { requests: '#3182ce', errors: '#e53e3e', p50: '#38a169', p95: '#dd6b20' } as const;

/** A latency in ms as people read it: '3.2 ms', '140 ms', '1.8 s'; '—' without one. */
export function formatMs(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return '—';
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

const CLASS_ROWS = 8;

/**
 * A point's serving figures over its window (one value a minute, oldest first): requests and
 * errors a minute, p50 and p95 latency, the window's totals and its predictions per class. The x
 * axis counts minutes back from now, so charts of points polled at different moments read alike.
 */
export function MetricsCharts({ metrics }: { metrics: PointMetrics }) {
  const { t, i18n } = useTranslation('deploy');
  const n = metrics.series.length;
  const x = metrics.series.map((_, i) => i - (n - 1));
  const clock = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  const formatX = (v: number) => {
    const at = metrics.series[v + n - 1]?.at;
    return at ? clock.format(new Date(at)) : String(v);
  };
  const traffic: ChartSeries[] = [
    { label: t('metrics.requests'), color: METRICS_COLORS.requests, values: metrics.series.map((s) => s.requests) },
    {
      label: t('metrics.errors'),
      color: METRICS_COLORS.errors,
      values: metrics.series.map((s) => s.errors),
      dash: true,
    },
  ];
  const latency: ChartSeries[] = [
    { label: t('metrics.p50'), color: METRICS_COLORS.p50, values: metrics.series.map((s) => s.p50Ms) },
    { label: t('metrics.p95'), color: METRICS_COLORS.p95, values: metrics.series.map((s) => s.p95Ms), dash: true },
  ];
  const total = metrics.total;
  const classes = Object.entries(total.classCounts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const classTotal = classes.reduce((sum, [, count]) => sum + count, 0);
  const summary = [
    { key: 'requests', value: total.requests.toLocaleString(i18n.language) },
    { key: 'errors', value: total.errors.toLocaleString(i18n.language) },
    { key: 'p50', value: formatMs(latencyQuantile(total.latency, 0.5)) },
    { key: 'p95', value: formatMs(latencyQuantile(total.latency, 0.95)) },
  ] as const;
  return (
    <Stack gap="6" data-testid="point-metrics" data-requests={total.requests}>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        {summary.map((s) => (
          <MetricStat
            key={s.key}
            label={t(`metrics.total.${s.key}`, { minutes: metrics.minutes })}
            value={s.value}
            testId={`metrics-total-${s.key}`}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <LineChart
          title={t('metrics.trafficTitle')}
          xLabel={t('metrics.minutesAgo')}
          yLabel={t('metrics.perMinute')}
          x={x}
          series={traffic}
          formatX={formatX}
          formatY={(v) => (v == null ? '—' : String(v))}
          height={180}
          data-testid="chart-traffic"
        />
        <LineChart
          title={t('metrics.latencyTitle')}
          xLabel={t('metrics.minutesAgo')}
          yLabel={t('metrics.ms')}
          x={x}
          series={latency}
          formatX={formatX}
          formatY={formatMs}
          height={180}
          data-testid="chart-latency"
        />
      </SimpleGrid>
      <Box data-testid="metrics-classes">
        <Text fontWeight="600" fontSize="sm" mb="2">
          {t('metrics.classesTitle')}
        </Text>
        {classes.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('metrics.noPredictions')}
          </Text>
        ) : (
          <Stack gap="1.5" maxW="lg">
            {classes.slice(0, CLASS_ROWS).map(([label, count]) => (
              <Flex key={label} align="center" gap="3" fontSize="sm" data-testid="metrics-class" data-label={label}>
                <Text flex="0 0 35%" truncate title={label}>
                  {label}
                </Text>
                <Box flex="1" h="2" bg="bg.muted" rounded="full" overflow="hidden" aria-hidden>
                  <Box h="full" bg="blue.500" w={`${(100 * count) / Math.max(1, classTotal)}%`} />
                </Box>
                <Text minW="12" textAlign="end" fontVariantNumeric="tabular-nums">
                  {count.toLocaleString(i18n.language)}
                </Text>
              </Flex>
            ))}
            {classes.length > CLASS_ROWS && (
              <Text fontSize="xs" color="fg.muted">
                {t('metrics.moreClasses', { count: classes.length - CLASS_ROWS })}
              </Text>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
