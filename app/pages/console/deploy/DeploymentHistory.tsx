import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { Table } from '../../../theme/parts/table';
import { formatDateTime } from '../training/trainingFormat';
import { deployApi, deployKeys } from './deployApi';
import { modelName, POLL_MS, shortVersion } from './deployFormat';
import { DeploymentErrorText } from './DeploymentErrorText';
import { DeploymentStateBadge } from './DeploymentStateBadge';

const COLUMNS = ['model', 'version', 'state', 'at', 'by'] as const;

/** The deployments to one point, newest first: model, version, its state there with the error, when and who. */
export function DeploymentHistory({ projectId, pointId }: { projectId: string; pointId: string }) {
  const { t, i18n } = useTranslation(['deploy', 'errors']);
  const history = useQuery({
    queryKey: deployKeys.deployments(projectId, { pointId }),
    queryFn: () => deployApi.deployments(projectId, { pointId }),
    refetchInterval: POLL_MS,
  });
  if (history.isPending) return <Skeleton h="16" />;
  if (history.isError)
    return (
      <Text color="fg.error" fontSize="sm">
        {t(`errors:${errorCodeOf(history.error)}`)}
      </Text>
    );
  if (history.data.items.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="history-empty">
        {t('history.empty')}
      </Text>
    );
  return (
    <ScrollingTable
      label={t('history.title')}
      headers={COLUMNS.map((c) => t(`history.columns.${c}`))}
      minW="900px"
      data-testid="deployment-history"
    >
      {history.data.items.map((deployment) => {
        const target = deployment.targets.find((x) => x.pointId === pointId);
        return (
          <Table.Row key={deployment.id} data-testid="history-row" data-state={target?.state ?? ''}>
            <Table.Cell fontWeight="600">{modelName(deployment.model)}</Table.Cell>
            <Table.Cell fontFamily="mono" fontSize="xs" title={deployment.version}>
              {shortVersion(deployment.version)}
            </Table.Cell>
            <Table.Cell>
              {target ? (
                <Stack gap="1" align="start">
                  <DeploymentStateBadge state={target.state} progress={target.progress} />
                  <DeploymentErrorText target={target} />
                </Stack>
              ) : (
                '—'
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(deployment.createdAt, i18n.language)}</Table.Cell>
            <Table.Cell>{deployment.createdBy?.name ?? '—'}</Table.Cell>
          </Table.Row>
        );
      })}
    </ScrollingTable>
  );
}
