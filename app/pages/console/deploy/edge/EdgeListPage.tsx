import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PERSONAL_SCOPE } from '../../../../../contract/apiProjects';
import { edgePointHref } from '../../../../../contract/deployRoutes';
import { paths } from '../../../../../contract/routes';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { EmptyState } from '../../../../components/EmptyState';
import { PageContainer } from '../../../../components/PageContainer';
import { PageTitle } from '../../../../components/PageTitle';
import { ScrollingTable } from '../../../../components/ScrollingTable';
import { Table } from '../../../../theme/parts/table';
import { formatRelativeTime } from '../../../../utils/formatRelativeTime';
import { useCurrentOrganization } from '../../organization/useCurrentOrganization';
import { useProjects } from '../../projects/projectQueries';
import { ConnectionBadge } from '../ConnectionBadge';
import { deployApi, deployKeys } from '../deployApi';
import { canManage, modelName, POLL_MS, recentP95, shortVersion, useNow } from '../deployFormat';
import { DeploymentStateBadge } from '../DeploymentStateBadge';
import { formatMs } from '../MetricsCharts';
import { NewEdgePointDialog } from './NewEdgePointDialog';

const COLUMNS = [
  'name',
  'project',
  'connection',
  'model',
  'version',
  'deployment',
  'lastSeen',
  'requests',
  'p95',
] as const;

/**
 * /console/edge: the edge points of the current organization's projects, with their connection,
 * what they run and their last hour's traffic; polled, so a starting agent shows up as connected.
 */
export default function EdgeListPage() {
  const { t, i18n } = useTranslation(['deploy', 'errors', 'ui']);
  const [, navigate] = useLocation();
  const now = useNow();
  const { id: organizationId, settled } = useCurrentOrganization();
  const scope = organizationId ?? PERSONAL_SCOPE;
  const points = useQuery({
    queryKey: deployKeys.points('edge', scope),
    queryFn: () => deployApi.points('edge', scope),
    refetchInterval: POLL_MS,
    enabled: settled,
  });
  const projects = useProjects(organizationId, settled);
  const manageable = useMemo(() => (projects.data ?? []).filter((p) => canManage(p.role)), [projects.data]);
  const [creating, setCreating] = useState(false);

  const newPoint = (testId: string) => (
    <Button
      colorPalette="brand"
      onClick={() => setCreating(true)}
      disabled={manageable.length === 0}
      data-testid={testId}
    >
      {t('list.new')}
    </Button>
  );
  const newDeployment = (
    <Button asChild variant="outline" data-testid="edge-new-deployment">
      <Link href={paths.consoleDeploymentNew}>{t('list.newDeployment')}</Link>
    </Button>
  );
  const items = points.data?.items ?? [];
  return (
    <PageContainer>
      <PageTitle
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            {newDeployment}
            {newPoint('edge-new')}
          </>
        }
      />
      {projects.isSuccess && manageable.length === 0 && (
        <Text fontSize="sm" color="fg.muted" mb="4" data-testid="edge-no-projects">
          {t('list.noManageableProjects')}
        </Text>
      )}
      {points.isPending ? (
        <Stack gap="2">
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : points.isError ? (
        <EmptyState message={t('list.loadFailed')} hint={t(`errors:${errorCodeOf(points.error)}`)} />
      ) : items.length === 0 ? (
        <EmptyState
          data-testid="edge-empty"
          message={t('list.empty')}
          hint={t('list.emptyHint')}
          action={newPoint('edge-empty-new')}
        />
      ) : (
        <ScrollingTable
          label={t('list.tableLabel')}
          headers={COLUMNS.map((c) => t(`list.columns.${c}`))}
          minW="1000px"
          interactive
          data-testid="edge-list"
        >
          {items.map((point) => {
            const href = edgePointHref(point.projectId, point.id);
            const lastSeen = point.device?.lastSeenAt;
            return (
              <Table.Row
                key={point.id}
                data-testid="edge-row"
                data-point={point.id}
                cursor="pointer"
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest('a')) navigate(href);
                }}
              >
                <Table.Cell fontWeight="600">
                  <Link href={href}>{point.name}</Link>
                  {point.description && (
                    <Text fontSize="xs" color="fg.muted" fontWeight="normal" truncate maxW="56">
                      {point.description}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>{point.projectTitle}</Table.Cell>
                <Table.Cell>
                  <ConnectionBadge connection={point.connection} />
                </Table.Cell>
                <Table.Cell data-testid="edge-model">{modelName(point.model)}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs" title={point.version ?? undefined}>
                  {shortVersion(point.version)}
                </Table.Cell>
                <Table.Cell>
                  {point.deployment ? (
                    <DeploymentStateBadge state={point.deployment.state} />
                  ) : (
                    <Text color="fg.muted">—</Text>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" title={lastSeen ?? undefined}>
                  {lastSeen ? formatRelativeTime(lastSeen, t, now) : '—'}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="edge-requests">
                  {(point.recent?.requests ?? 0).toLocaleString(i18n.language)}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatMs(recentP95(point))}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </ScrollingTable>
      )}
      <HStack mt="3">
        <Text fontSize="xs" color="fg.muted">
          {t('list.liveHint')}
        </Text>
      </HStack>
      <NewEdgePointDialog
        open={creating}
        projects={manageable}
        onClose={(created) => {
          setCreating(false);
          if (created) void points.refetch();
        }}
      />
    </PageContainer>
  );
}
