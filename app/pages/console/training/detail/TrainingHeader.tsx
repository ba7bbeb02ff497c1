import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectRole } from '../../../../../contract/apiProjects';
import type { Training } from '../../../../../contract/apiTraining';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { toaster } from '../../toaster';
import { STATUS_PALETTE } from '../statusPalette';
import { isFinalStatus, stopTraining, trainingKeys } from './trainingQueries';

/**
 * The training's identity (#number, tag, network, status, who started it) and, for admins and
 * members while it runs, Stop behind a confirmation (spec section 4). The stop takes effect
 * within a batch; until then the button says it was asked.
 */
export function TrainingHeader({ training, role }: { training: Training; role: ProjectRole }) {
  const { t } = useTranslation(['trainingResults', 'errors']);
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = trainingKeys.one(training.projectId, training.id);
  const stop = useMutation({
    mutationFn: () => stopTraining(training.projectId, training.id),
    onSuccess: (next) => {
      client.setQueryData<Training>(key, (previous) => ({ ...next, evaluation: previous?.evaluation ?? null }));
      toaster.create({ type: 'info', title: t('stop.requested') });
    },
    onError: (error) => {
      toaster.create({ type: 'error', title: t(`errors:${errorCodeOf(error)}`) });
      if (errorCodeOf(error) === 'training_finished') void client.invalidateQueries({ queryKey: key });
    },
  });
  const canStop = role !== 'worker' && !isFinalStatus(training.status);
  const stopping = training.stopRequested || stop.isPending;

  return (
    <HStack justify="space-between" align="start" wrap="wrap" gap="4">
      <Stack gap="1">
        <HStack gap="2" wrap="wrap">
          <Text as="h1" fontSize="2xl" fontWeight="700" data-testid="training-number">
            {t('header.title', { number: training.number })}
          </Text>
          {training.modelTag && (
            <Badge variant="outline" data-testid="training-tag">
              {training.modelTag}
            </Badge>
          )}
          <Badge variant="subtle">{t(`networks.${training.network}`)}</Badge>
          <Badge colorPalette={STATUS_PALETTE[training.status]} data-testid="training-status">
            {t(`status.${training.status}`)}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('header.meta', {
            trigger: t(`header.trigger.${training.trigger}`),
            by: training.createdBy?.name ?? t('header.someone'),
            images: training.datasetCount,
            train: training.splitCounts.train,
            validation: training.splitCounts.validation,
            test: training.splitCounts.test,
          })}
        </Text>
      </Stack>
      {canStop && (
        <Button
          variant="outline"
          colorPalette="red"
          size="sm"
          disabled={stopping}
          onClick={() => setConfirming(true)}
          data-testid="training-stop"
        >
          {stopping ? t('stop.stopping') : t('stop.button')}
        </Button>
      )}
      <AppDialog
        open={confirming}
        title={t('stop.title')}
        onClose={() => setConfirming(false)}
        onConfirm={() => stop.mutate()}
        confirmText={t('stop.confirm')}
      >
        <Text data-testid="training-stop-body">{t('stop.body', { number: training.number })}</Text>
      </AppDialog>
    </HStack>
  );
}
