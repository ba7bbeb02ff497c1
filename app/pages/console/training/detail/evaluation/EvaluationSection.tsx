import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Evaluation } from '../../../../../../contract/apiTraining';
import { Alert } from '../../../../../theme/parts/alert';
import type { LabelMap } from '../labelMap';
import { ClassificationEvaluationView } from './ClassificationEvaluationView';
import { DetectionEvaluationView } from './DetectionEvaluationView';
import { MistakesGallery } from './MistakesGallery';

/** The completed training's evaluation on its test split, or why there is none. */
export function EvaluationSection({
  evaluation,
  labels,
  projectId,
  trainingId,
}: {
  evaluation: Evaluation | null;
  labels: LabelMap;
  projectId: string;
  trainingId: string;
}) {
  const { t } = useTranslation('trainingResults');
  return (
    <Stack gap="6" data-testid="evaluation">
      <Text as="h2" fontSize="xl" fontWeight="700">
        {t('evaluation.title')}
      </Text>
      {evaluation === null ? (
        <Text color="fg.muted" data-testid="evaluation-missing">
          {t('evaluation.missing')}
        </Text>
      ) : evaluation.testImages === 0 ? (
        <Alert.Root status="info" data-testid="evaluation-no-test">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('evaluation.noTestTitle')}</Alert.Title>
            <Alert.Description>{t('evaluation.noTestBody')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <>
          {evaluation.task === 'classification' ? (
            <ClassificationEvaluationView
              evaluation={evaluation}
              labels={labels}
              projectId={projectId}
              trainingId={trainingId}
            />
          ) : (
            <DetectionEvaluationView evaluation={evaluation} labels={labels} />
          )}
          <MistakesGallery
            mistakes={evaluation.mistakes}
            labels={labels}
            projectId={projectId}
            trainingId={trainingId}
          />
        </>
      )}
    </Stack>
  );
}
