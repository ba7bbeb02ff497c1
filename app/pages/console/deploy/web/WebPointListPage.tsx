import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PERSONAL_SCOPE } from '../../../../../contract/apiProjects';
import { webPointHref } from '../../../../../contract/deployRoutes';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { EmptyState } from '../../../../components/EmptyState';
import { PageContainer } from '../../../../components/PageContainer';
import { PageTitle } from '../../../../components/PageTitle';
import { ScrollingTable } from '../../../../components/ScrollingTable';
import { Table } from '../../../../theme/parts/table';
import { useCurrentOrganization } from '../../organization/useCurrentOrganization';
import { useProjects } from '../../projects/projectQueries';
import { deployApi, deployKeys } from '../deployApi';
import { canManage, modelName, POLL_MS, recentP95 } from '../deployFormat';
import { formatMs } from '../MetricsCharts';
import { InstanceStateBadge } from './InstanceStateBadge';
import { NewWebPointDialog } from './NewWebPointDialog';

const COLUMNS = ['name', 'project', 'model', 'state', 'address', 'requests', 'p95'] as const;

/**
 * /console/web-points: the web points of the current organization's projects, with their state,
 * address and last hour's traffic; polled, so a preparing point turns running on its own.
 */
export default function WebPointListPage() {
  const { t, i18n } = useTranslation(['webPoints', 'errors']);
  const [, navigate] = useLocation();
  const { id: organizationId, settled } = useCurrentOrganization();
  const scope = organizationId ?? PERSONAL_SCOPE;
  const points = useQuery({
    queryKey: deployKeys.points('web', scope),
    queryFn: () => deployApi.points('web', scope),
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
  const items = points.data?.items ?? [];
  return (
    <PageContainer>
      <PageTitle title={t('list.title')} description={t('list.description')} actions={newPoint('web-new')} />
      {projects.isSuccess && manageable.length === 0 && (
        <Text fontSize="sm" color="fg.muted" mb="4" data-testid="web-no-projects">
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
          data-testid="web-empty"
          message={t('list.empty')}
          hint={t('list.emptyHint')}
          action={newPoint('web-empty-new')}
        />
      ) : (
        <ScrollingTable
          label={t('list.tableLabel')}
          headers={COLUMNS.map((c) => t(`list.columns.${c}`))}
          minW="960px"
          interactive
          data-testid="web-list"
        >
          {items.map((point) => {
            const href = webPointHref(point.projectId, point.id);
            return (
              <Table.Row
                key={point.id}
                data-testid="web-row"
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
                <Table.Cell data-testid="web-model">{modelName(point.model)}</Table.Cell>
                <Table.Cell>
                  <InstanceStateBadge state={point.instance?.instanceState} />
                </Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs" maxW="72" truncate title={point.endpoint ?? undefined}>
                  {point.endpoint ?? '—'}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="web-requests">
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
      <Text fontSize="xs" color="fg.muted" mt="3">
        {t('list.liveHint')}
      </Text>
      <NewWebPointDialog
        open={creating}
        projects={manageable}
        onClose={(created) => {
          setCreating(false);
          if (created) navigate(webPointHref(created.projectId, created.id));
        }}
      />
    </PageContainer>
  );
}
