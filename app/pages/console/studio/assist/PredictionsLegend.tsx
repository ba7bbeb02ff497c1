import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TrainingPredictions } from './useTrainingPredictions';

/** The note under the canvas while a training's predictions are drawn: whose they are, how many, or why none. */
export function PredictionsLegend({ predictions }: { predictions: TrainingPredictions }) {
  const { t } = useTranslation('assist');
  if (predictions.status === 'off') return null;
  const n = predictions.number === null ? '' : `#${predictions.number}`;
  const text =
    predictions.status === 'ready'
      ? t('predictions.legend', { training: n, count: predictions.proposals.length })
      : t(`predictions.${predictions.status}`, { training: n });
  return (
    <HStack
      position="absolute"
      bottom="2"
      left="2"
      zIndex="1"
      gap="2"
      px="2"
      py="1"
      rounded="md"
      bg="blackAlpha.700"
      color="white"
      fontSize="xs"
      role="status"
      data-testid="predictions-legend"
      data-status={predictions.status}
    >
      <svg width="18" height="10" aria-hidden>
        <rect x="1" y="1" width="16" height="8" fill="none" stroke="currentColor" strokeDasharray="4 2" />
      </svg>
      <Text>{text}</Text>
    </HStack>
  );
}
