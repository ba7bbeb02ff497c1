import { HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Training } from '../../../../../contract/apiTraining';
import { Progress } from '../../../../theme/parts/progress';
import { decimal, formatDuration, percent } from './trainingSteps';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0" minW="24">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="600" fontVariantNumeric="tabular-nums" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The whole training's progress bar and the live figures: epoch x/y, batch, loss, accuracy, ETA. */
export function TrainingProgress({ training }: { training: Training }) {
  const { t } = useTranslation('trainingResults');
  const value = Math.round(Math.min(1, Math.max(0, training.progress)) * 100);
  const running = training.status === 'running' || training.status === 'queued';
  const units = { h: t('units.h'), min: t('units.min'), s: t('units.s') };
  const accuracyLabel = training.task === 'detection' ? t('progress.map50') : t('progress.accuracy');
  return (
    <Stack gap="3" data-testid="training-progress">
      <Progress.Root value={value} colorPalette={training.status === 'failed' ? 'red' : 'brand'} size="sm">
        <HStack justify="space-between" mb="1">
          <Progress.Label fontSize="sm">{t('progress.label')}</Progress.Label>
          <Progress.ValueText fontSize="sm" data-testid="training-percent">
            {value}%
          </Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack gap="6" wrap="wrap">
        <Figure
          label={t('progress.epoch')}
          value={training.epochs > 0 ? `${training.epoch} / ${training.epochs}` : '—'}
          testId="training-epoch"
        />
        <Figure
          label={t('progress.batch')}
          value={training.batches > 0 ? `${training.batch} / ${training.batches}` : '—'}
          testId="training-batch"
        />
        <Figure label={t('progress.loss')} value={decimal(training.loss)} testId="training-loss" />
        <Figure label={accuracyLabel} value={percent(training.accuracy)} testId="training-accuracy" />
        {running && (
          <Figure
            label={t('progress.eta')}
            value={training.etaSeconds == null ? t('progress.etaUnknown') : formatDuration(training.etaSeconds, units)}
            testId="training-eta"
          />
        )}
      </HStack>
    </Stack>
  );
}
