import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { Training } from '../../../../../contract/apiTraining';
import { projectHref } from '../../../../../contract/projectRoutes';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { EmptyState } from '../../../../components/EmptyState';
import { PageContainer } from '../../../../components/PageContainer';
import { usePageTitle } from '../../../../i18n/usePageTitle';
import { Alert } from '../../../../theme/parts/alert';
import { ConsoleScope } from '../../ConsoleScope';
import { useLabels, useProject } from '../../projects/projectQueries';
import { EvaluationSection } from './evaluation/EvaluationSection';
import { labelMapOf } from './labelMap';
import { TrainingCharts } from './TrainingCharts';
import { TrainingHeader } from './TrainingHeader';
import { TrainingProgress } from './TrainingProgress';
import { TrainingSettingsView } from './TrainingSettingsView';
import { TrainingSteps } from './TrainingSteps';
import { useLiveTraining } from './trainingQueries';

function loadProblemKey(code: string): string {
  if (code === 'not_found') return 'trainingResults:load.notFound';
  if (code === 'forbidden') return 'errors:forbidden';
  if (code === 'gone') return 'errors:gone';
  return 'trainingResults:load.failed';
}

/** Why a training ended without a model: the failure's reason, or that it was stopped. */
function EndNotice({ training }: { training: Training }) {
  const { t } = useTranslation('trainingResults');
  if (training.status === 'failed')
    return (
      <Alert.Root status="error" data-testid="training-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('end.failed')}</Alert.Title>
          <Alert.Description data-testid="training-error">
            {t(`error.${training.error ?? 'internal'}`)}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  if (training.status === 'stopped')
    return (
      <Alert.Root status="warning" data-testid="training-stopped">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('end.stopped')}</Alert.Title>
          <Alert.Description>
            {t('end.stoppedBody', { epoch: training.epoch, epochs: training.epochs })}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  return null;
}

function TrainingView({ projectId, trainingId }: { projectId: string; trainingId: string }) {
  const { t } = useTranslation(['trainingResults', 'errors']);
  const project = useProject(projectId);
  const labels = useLabels(projectId);
  const { query, stream, streamError } = useLiveTraining(projectId, trainingId);
  const training = query.data;
  usePageTitle(training ? t('header.title', { number: training.number }) : t('load.title'));

  return (
    <PageContainer>
      <Text mb="4" fontSize="sm">
        <Link href={projectHref(projectId, 'training')} data-testid="training-back">
          ← {project.data ? t('back', { project: project.data.title }) : t('backPlain')}
        </Link>
      </Text>
      {query.isPending ? (
        <Skeleton h="48" borderRadius="l3" />
      ) : query.isError ? (
        <EmptyState data-testid="training-problem" message={t(loadProblemKey(errorCodeOf(query.error)))} />
      ) : training ? (
        <Stack gap="8" data-testid="training-detail" data-status={training.status} data-step={training.step}>
          <TrainingHeader training={training} role={project.data?.role ?? 'worker'} />
          <TrainingSteps training={training} />
          <EndNotice training={training} />
          <TrainingProgress training={training} />
          {stream === 'waiting' && (
            <Text fontSize="sm" color="fg.muted" role="status" data-testid="stream-reconnecting">
              {t('live.reconnecting')}
            </Text>
          )}
          {streamError && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {t('live.lost', { reason: t(`errors:${streamError.code}`) })}
            </Text>
          )}
          <TrainingCharts training={training} />
          {training.status === 'completed' && (
            <EvaluationSection
              evaluation={training.evaluation}
              labels={labelMapOf(labels.data)}
              projectId={projectId}
              trainingId={trainingId}
            />
          )}
          <TrainingSettingsView training={training} labels={labelMapOf(labels.data)} />
        </Stack>
      ) : null}
    </PageContainer>
  );
}

/** /console/projects/:projectId/trainings/:trainingId: one training's progress and results. */
export default function TrainingDetailPage() {
  const { projectId, trainingId } = useParams<{ projectId: string; trainingId: string }>();
  return (
    <ConsoleScope>
      <TrainingView key={`${projectId}/${trainingId}`} projectId={projectId} trainingId={trainingId} />
    </ConsoleScope>
  );
}
