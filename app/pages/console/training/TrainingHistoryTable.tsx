import { Badge, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Training } from '../../../../contract/apiTraining';
import { trainingHref } from '../../../../contract/projectRoutes';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { TrainingDeploymentsCell } from '../deploy/deployments/TrainingDeploymentsCell';
import { Progress } from '../../../theme/parts/progress';
import { Table } from '../../../theme/parts/table';
import { STATUS_PALETTE } from './statusPalette';
import { formatDateTime, formatDuration, formatLearningRate, formatLoss, formatRatio, NONE } from './trainingFormat';

const COLUMNS = [
  'id',
  'annotationType',
  'splitType',
  'modelTag',
  'network',
  'datasets',
  'startedAt',
  'endedAt',
  'progress',
  'status',
  'accuracy',
  'loss',
  'epoch',
  'batchSize',
  'learningRate',
  'deployments',
] as const;

function ProgressCell({ training }: { training: Training }) {
  const { t } = useTranslation('training');
  const percent = Math.round(Math.min(1, Math.max(0, training.progress)) * 100);
  return (
    <Stack gap="1" minW="36">
      <Progress.Root
        value={percent}
        size="xs"
        colorPalette={STATUS_PALETTE[training.status]}
        aria-label={t('columns.progress')}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" color="fg.muted" data-testid="training-step">
        {percent}% · {t(`steps.${training.step}`)}
        {training.status === 'running' && training.etaSeconds != null
          ? ` · ${t('tab.eta', { duration: formatDuration(training.etaSeconds, t) })}`
          : ''}
      </Text>
    </Stack>
  );
}

/**
 * Spec section 3's training fields, one row per training (newest first, as the API sends them);
 * each row opens its training. The table scrolls sideways in its own box, so a phone keeps
 * the page's width.
 */
export function TrainingHistoryTable({ projectId, trainings }: { projectId: string; trainings: Training[] }) {
  const { t, i18n } = useTranslation('training');
  const [, navigate] = useLocation();
  return (
    <ScrollingTable
      label={t('tab.tableLabel')}
      headers={COLUMNS.map((column) => t(`columns.${column}`))}
      minW="1400px"
      interactive
      data-testid="training-history"
    >
      {trainings.map((training) => {
        const hyper = training.settings.hyperparameters;
        const href = trainingHref(projectId, training.id);
        return (
          <Table.Row
            key={training.id}
            data-testid="training-row"
            data-status={training.status}
            cursor="pointer"
            onClick={(event) => {
              // The identifier is a real link; a click elsewhere in the row opens the same page.
              if (!(event.target as HTMLElement).closest('a')) navigate(href);
            }}
          >
            <Table.Cell fontWeight="600">
              <Link href={href}>#{training.number}</Link>
            </Table.Cell>
            <Table.Cell>{t(`annotationTypes.${training.annotationType}`)}</Table.Cell>
            <Table.Cell>{t(`splitTypes.${training.splitType}`)}</Table.Cell>
            <Table.Cell>{training.modelTag || NONE}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{t(`networks.${training.network}`)}</Table.Cell>
            <Table.Cell textAlign="end">{training.datasetCount}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(training.startedAt, i18n.language)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(training.endedAt, i18n.language)}</Table.Cell>
            <Table.Cell>
              <ProgressCell training={training} />
            </Table.Cell>
            <Table.Cell>
              <Stack gap="1" align="start">
                <Badge colorPalette={STATUS_PALETTE[training.status]} data-testid="training-status">
                  {t(`statuses.${training.status}`)}
                </Badge>
                {training.status === 'failed' && training.error && (
                  <Text fontSize="xs" color="fg.error" maxW="48" data-testid="training-error">
                    {t(`error.${training.error}`)}
                  </Text>
                )}
              </Stack>
            </Table.Cell>
            <Table.Cell textAlign="end">{formatRatio(training.accuracy)}</Table.Cell>
            <Table.Cell textAlign="end">{formatLoss(training.loss)}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {training.epoch} / {training.epochs}
            </Table.Cell>
            <Table.Cell textAlign="end">{hyper.batchSize}</Table.Cell>
            <Table.Cell textAlign="end">{formatLearningRate(hyper.learningRate)}</Table.Cell>
            <Table.Cell data-testid="training-deployments">
              <TrainingDeploymentsCell projectId={projectId} training={training} />
            </Table.Cell>
          </Table.Row>
        );
      })}
    </ScrollingTable>
  );
}
