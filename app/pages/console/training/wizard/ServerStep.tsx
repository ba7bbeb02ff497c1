import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Trainer } from '../../../../../contract/apiTraining';
import { Alert } from '../../../../theme/parts/alert';
import { formatDuration } from '../trainingFormat';
import { ChoiceCard, StepMessage } from './ChoiceCard';
import type { StepProps } from './stepProps';
import { estimateFor, trainerOf } from './trainingEstimate';

function Estimate({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation('training');
  return (
    <Text fontSize="sm" fontWeight="600" data-testid="trainer-estimate">
      {seconds === null ? t('server.estimateUnknown') : t('server.estimate', { duration: formatDuration(seconds, t) })}
    </Text>
  );
}

function TrainerFacts({ trainer }: { trainer: Trainer }) {
  const { t } = useTranslation('training');
  return (
    <Stack gap="1">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={trainer.online ? 'green' : 'gray'}>
          {trainer.online ? t('server.online') : t('server.offline')}
        </Badge>
        {trainer.online && (
          <Badge colorPalette={trainer.busy ? 'orange' : 'blue'}>
            {trainer.busy ? t('server.busy') : t('server.idle')}
          </Badge>
        )}
        <Text as="span" color="fg.muted">
          {t('server.backend', { backend: trainer.backend })}
          {trainer.embedded ? ` · ${t('server.embedded')}` : ''}
        </Text>
      </HStack>
      <Text color="fg.muted">
        {trainer.featureMsPerImage != null && trainer.headMsPerSample != null
          ? t('server.speed', {
              feature: Math.round(trainer.featureMsPerImage),
              head: Number(trainer.headMsPerSample.toPrecision(2)),
            })
          : t('server.speedUnknown')}
      </Text>
    </Stack>
  );
}

/**
 * Step 7: 'auto' or one registered trainer, with its backend, state, measured speed and the
 * estimated duration for this data. Offline trainers cannot be chosen; with none online the
 * spec's 'The learning server did not receive the request normally.' shows here, before Start.
 */
export function ServerStep({ form, update, errors, ctx, preview }: StepProps) {
  const { t } = useTranslation(['training', 'errors']);
  const trainers = ctx.trainers;
  if (!trainers) return <StepMessage message={t('server.loadFailed')} />;
  const noneOnline = !trainers.some((trainer) => trainer.online);
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('server.description')}</Text>
      {noneOnline && (
        <Alert.Root status="error" data-testid="trainer-unavailable">
          <Alert.Indicator />
          <Alert.Title>{t('errors:trainer_unavailable')}</Alert.Title>
        </Alert.Root>
      )}
      <ChoiceCard
        name="trainer"
        value="auto"
        checked={form.trainerId === 'auto'}
        disabled={noneOnline}
        title={t('server.auto')}
        description={t('server.autoInfo')}
        onChoose={() => update({ trainerId: 'auto' })}
        testId="trainer-auto"
      >
        {!noneOnline && <Estimate seconds={estimateFor(trainerOf({ trainerId: 'auto' }, trainers), form, preview)} />}
      </ChoiceCard>
      {trainers.map((trainer) => (
        <ChoiceCard
          key={trainer.id}
          name="trainer"
          value={trainer.id}
          checked={form.trainerId === trainer.id}
          disabled={!trainer.online}
          title={trainer.name}
          onChoose={() => update({ trainerId: trainer.id })}
          testId="trainer-option"
        >
          <Stack gap="1">
            <TrainerFacts trainer={trainer} />
            {trainer.online && <Estimate seconds={estimateFor(trainer, form, preview)} />}
          </Stack>
        </ChoiceCard>
      ))}
      {errors.trainer && errors.trainer !== 'errors:trainer_unavailable' && <StepMessage message={t(errors.trainer)} />}
    </Stack>
  );
}
