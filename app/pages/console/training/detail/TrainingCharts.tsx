import { SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Training } from '../../../../../contract/apiTraining';
import { LineChart, type ChartSeries } from './LineChart';

export const CHART_COLORS = { train: '#3182ce', validation: '#dd6b20' } as const;

const pct = (v: number | null) => (v == null ? '—' : `${(v * 100).toFixed(1)}%`);

/**
 * Training and validation loss and accuracy per epoch, as the stream brings each epoch. For
 * detection the accuracy is mAP@0.5 on the validation split, and the legend says so.
 */
export function TrainingCharts({ training }: { training: Pick<Training, 'history' | 'task' | 'epochs'> }) {
  const { t } = useTranslation('trainingResults');
  const history = training.history;
  if (history.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="charts-waiting">
        {t('charts.waiting')}
      </Text>
    );
  const x = history.map((h) => h.epoch);
  const firstEpoch = Math.min(1, x[0] ?? 1);
  const lastEpoch = Math.max(training.epochs, x[x.length - 1] ?? 1);
  const detection = training.task === 'detection';
  const loss: ChartSeries[] = [
    { label: t('charts.trainLoss'), color: CHART_COLORS.train, values: history.map((h) => h.loss) },
    {
      label: t('charts.validationLoss'),
      color: CHART_COLORS.validation,
      values: history.map((h) => h.valLoss),
      dash: true,
    },
  ];
  const accuracy: ChartSeries[] = [
    ...(history.some((h) => h.accuracy != null)
      ? [
          {
            label: detection ? t('charts.trainMap') : t('charts.trainAccuracy'),
            color: CHART_COLORS.train,
            values: history.map((h) => h.accuracy),
          },
        ]
      : []),
    {
      label: detection ? t('charts.validationMap') : t('charts.validationAccuracy'),
      color: CHART_COLORS.validation,
      values: history.map((h) => h.valAccuracy),
      dash: true,
    },
  ];
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" data-testid="training-charts" data-epochs={history.length}>
      <LineChart
        title={t('charts.loss')}
        xLabel={t('charts.epoch')}
        yLabel={t('charts.lossAxis')}
        x={x}
        xRange={[firstEpoch, Math.max(firstEpoch + 1, lastEpoch)]}
        series={loss}
        data-testid="chart-loss"
      />
      <LineChart
        title={detection ? t('charts.mapTitle') : t('charts.accuracy')}
        xLabel={t('charts.epoch')}
        yLabel={detection ? t('charts.mapAxis') : t('charts.accuracyAxis')}
        x={x}
        xRange={[firstEpoch, Math.max(firstEpoch + 1, lastEpoch)]}
        yRange={[0, 1]}
        series={accuracy}
        formatY={pct}
        data-testid="chart-accuracy"
      />
    </SimpleGrid>
  );
}
