import { Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassificationEvaluation } from '../../../../../../contract/apiTraining';
import type { LabelMap } from '../labelMap';
import { LabelName } from '../LabelName';
import { percent } from '../trainingSteps';
import { ConfusionMatrix, type ConfusionCell } from './ConfusionMatrix';
import { EvaluationThumb } from './EvaluationThumb';
import { MetricStat } from './MetricStat';
import { PerClassTable } from './PerClassTable';

/** Classification on the test split: accuracy, per-class precision/recall/F1, the confusion matrix and its images. */
export function ClassificationEvaluationView({
  evaluation,
  labels,
  projectId,
  trainingId,
}: {
  evaluation: ClassificationEvaluation;
  labels: LabelMap;
  projectId: string;
  trainingId: string;
}) {
  const { t } = useTranslation('trainingResults');
  const [cell, setCell] = useState<ConfusionCell | null>(null);
  const { confusion } = evaluation;
  const cellImages = cell ? (confusion.images[`${cell.row},${cell.col}`] ?? []) : [];
  const cellCount = cell ? (confusion.matrix[cell.row]?.[cell.col] ?? 0) : 0;
  const trueId = cell ? (confusion.labelIds[cell.row] ?? null) : null;
  const predictedId = cell ? (confusion.labelIds[cell.col] ?? null) : null;

  return (
    <Stack gap="6" data-testid="evaluation-classification">
      <HStack gap="4" wrap="wrap">
        <MetricStat
          label={t('evaluation.accuracy')}
          value={percent(evaluation.accuracy)}
          hint={t('evaluation.onTestImages', { count: evaluation.testImages })}
          testId="evaluation-accuracy"
        />
      </HStack>
      <PerClassTable
        rows={evaluation.perClass}
        labels={labels}
        labelHeader={t('evaluation.label')}
        columns={[
          { header: t('evaluation.precision'), value: (row) => percent(row.precision) },
          { header: t('evaluation.recall'), value: (row) => percent(row.recall) },
          { header: t('evaluation.f1'), value: (row) => percent(row.f1) },
          { header: t('evaluation.support'), value: (row) => row.support },
        ]}
      />
      <Stack gap="2">
        <Text fontWeight="600">{t('confusion.title')}</Text>
        <ConfusionMatrix confusion={confusion} labels={labels} selected={cell} onSelect={setCell} />
      </Stack>
      {cell && (
        <Stack gap="3" p="4" borderWidth="1px" borderRadius="l2" data-testid="confusion-gallery">
          <Flex gap="2" wrap="wrap" align="center" fontWeight="600">
            <Text>{t('confusion.galleryTrue')}</Text>
            <LabelName labels={labels} labelId={trueId} />
            <Text>· {t('confusion.galleryPredicted')}</Text>
            <LabelName labels={labels} labelId={predictedId} />
            <Text color="fg.muted" fontWeight="400">
              {cellImages.length < cellCount
                ? t('confusion.galleryCountPart', { count: cellCount, shown: cellImages.length })
                : t('confusion.galleryCount', { count: cellCount })}
            </Text>
          </Flex>
          <Flex gap="3" wrap="wrap">
            {cellImages.map((imageId) => (
              <EvaluationThumb key={imageId} projectId={projectId} trainingId={trainingId} imageId={imageId} />
            ))}
          </Flex>
        </Stack>
      )}
    </Stack>
  );
}
