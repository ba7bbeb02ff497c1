import { HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DetectionEvaluation } from '../../../../../../contract/apiTraining';
import type { LabelMap } from '../labelMap';
import { LineChart } from '../LineChart';
import { CHART_COLORS } from '../TrainingCharts';
import { percent } from '../trainingSteps';
import { MetricStat } from './MetricStat';
import { PerClassTable } from './PerClassTable';
import { ThresholdSlider } from './ThresholdSlider';

/** Where the best-F1 point lies on the precision-recall curve. */
function bestMarker(evaluation: DetectionEvaluation, label: string) {
  const best = evaluation.bestThreshold;
  return { x: best.recall, y: best.precision, label };
}

/** Detection on the test split: mAP@0.5 and mAP@[.5:.95], per-class AP, the PR curve, the threshold slider. */
export function DetectionEvaluationView({ evaluation, labels }: { evaluation: DetectionEvaluation; labels: LabelMap }) {
  const { t } = useTranslation('trainingResults');
  const curve = [...evaluation.prCurve].sort((a, b) => a.recall - b.recall);
  return (
    <Stack gap="6" data-testid="evaluation-detection">
      <HStack gap="4" wrap="wrap">
        <MetricStat
          label={t('evaluation.map50')}
          value={percent(evaluation.map50)}
          hint={t('evaluation.onTestImages', { count: evaluation.testImages })}
          testId="evaluation-map50"
        />
        <MetricStat label={t('evaluation.map5095')} value={percent(evaluation.map5095)} testId="evaluation-map5095" />
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <LineChart
          title={t('evaluation.prCurve')}
          xLabel={t('evaluation.recall')}
          yLabel={t('evaluation.precision')}
          x={curve.map((p) => p.recall)}
          series={[
            { label: t('evaluation.precision'), color: CHART_COLORS.train, values: curve.map((p) => p.precision) },
          ]}
          xRange={[0, 1]}
          yRange={[0, 1]}
          marker={bestMarker(
            evaluation,
            t('threshold.markerLabel', { score: evaluation.bestThreshold.score.toFixed(2) }),
          )}
          formatX={(v) => v.toFixed(2)}
          formatY={(v) => (v == null ? '—' : v.toFixed(3))}
          data-testid="chart-pr"
        />
        <Stack gap="4">
          <ThresholdSlider evaluation={evaluation} />
          <PerClassTable
            rows={evaluation.perClass}
            labels={labels}
            labelHeader={t('evaluation.label')}
            columns={[
              { header: t('evaluation.ap50'), value: (row) => percent(row.ap50) },
              { header: t('evaluation.ap5095'), value: (row) => percent(row.ap5095) },
              { header: t('evaluation.objects'), value: (row) => row.gtCount },
            ]}
          />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
