import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  FINAL_DEPLOYMENT_STATES,
  type Deployment,
  type DeploymentTarget,
  type Point,
} from '../../../../../contract/apiDeploy';
import { edgePointHref, webPointHref } from '../../../../../contract/deployRoutes';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { Progress } from '../../../../theme/parts/progress';
import { formatDateTime } from '../../training/trainingFormat';
import { ConnectionBadge } from '../ConnectionBadge';
import { deployApi, deployKeys } from '../deployApi';
import { modelName, shortVersion } from '../deployFormat';
import { DeploymentErrorText } from '../DeploymentErrorText';
import { DeploymentStateBadge } from '../DeploymentStateBadge';

const PROGRESS_POLL_MS = 1500;

export function isFinished(deployment: Pick<Deployment, 'targets'>): boolean {
  return deployment.targets.every((target) => FINAL_DEPLOYMENT_STATES.includes(target.state));
}

/** One point's line: its connection, then its distribution state (with the download's progress). */
function TargetRow({ target, point }: { target: DeploymentTarget; point: Point | undefined }) {
  const { t, i18n } = useTranslation('deploy');
  const final = FINAL_DEPLOYMENT_STATES.includes(target.state);
  const href = target.pointKind === 'edge' ? edgePointHref : webPointHref;
  const waitingForAgent = target.pointKind === 'edge' && !final && point?.connection !== 'connected';
  const percent = target.progress != null ? Math.round(Math.min(1, Math.max(0, target.progress)) * 100) : null;
  return (
    <Box
      borderWidth="1px"
      rounded="md"
      p="3"
      data-testid="deployment-target"
      data-point={target.pointId}
      data-state={target.state}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="600">
            {point ? <Link href={href(point.projectId, point.id)}>{target.pointName}</Link> : target.pointName}
          </Text>
          <Badge variant="outline">{t(`kind.${target.pointKind}`)}</Badge>
          {target.pointKind === 'edge' && point && <ConnectionBadge connection={point.connection} />}
        </HStack>
        <DeploymentStateBadge state={target.state} progress={target.progress} />
      </HStack>
      {target.state === 'downloading' && percent != null && (
        <Progress.Root value={percent} size="xs" mt="2" aria-label={t('deploymentState.downloading')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Text fontSize="sm" color="fg.muted" mt="1" data-testid="deployment-step">
        {waitingForAgent ? t('progress.waitingForAgent') : t(`progress.step.${target.state}`)}
        {' · '}
        {formatDateTime(target.updatedAt, i18n.language)}
      </Text>
      <DeploymentErrorText target={target} />
    </Box>
  );
}

/** A deployment as it rolls out: every point's state, asked again until each is final. */
export function DeploymentProgress({
  projectId,
  deploymentId,
  points,
}: {
  projectId: string;
  deploymentId: string;
  points: readonly Point[];
}) {
  const { t } = useTranslation(['deploy', 'errors']);
  const deployment = useQuery({
    queryKey: deployKeys.deployment(projectId, deploymentId),
    queryFn: () => deployApi.deployment(projectId, deploymentId),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : PROGRESS_POLL_MS),
  });
  if (deployment.isError)
    return (
      <Text color="fg.error" fontSize="sm">
        {t(`errors:${errorCodeOf(deployment.error)}`)}
      </Text>
    );
  if (!deployment.data) return null;
  const data = deployment.data;
  const finished = isFinished(data);
  const succeeded = data.targets.filter((x) => x.state === 'succeeded').length;
  return (
    <Stack gap="3" data-testid="deployment-progress" data-finished={finished}>
      <Text fontSize="sm" role="status" aria-live="polite">
        {finished
          ? t('progress.finished', { succeeded, total: data.targets.length })
          : t('progress.running', { model: modelName(data.model), version: shortVersion(data.version) })}
      </Text>
      {data.targets.map((target) => (
        <TargetRow key={target.pointId} target={target} point={points.find((p) => p.id === target.pointId)} />
      ))}
    </Stack>
  );
}
