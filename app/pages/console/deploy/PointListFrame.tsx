import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Point, PointKind } from '../../../../contract/apiDeploy';
import { PERSONAL_SCOPE, type Project } from '../../../../contract/apiProjects';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { Table } from '../../../theme/parts/table';
import { useCurrentOrganization } from '../organization/useCurrentOrganization';
import { useProjects } from '../projects/projectQueries';
import { deployApi, deployKeys } from './deployApi';
import { canManage, POLL_MS, recentP95 } from './deployFormat';
import { formatMs } from './MetricsCharts';

/** What a list page adds to the frame: its own columns, its new-point dialog, and what follows a creation. */
export interface PointListFrameProps {
  kind: PointKind;
  /** The locale namespace of the page's `list.*` texts; test ids start with the kind. */
  ns: 'deploy' | 'webPoints';
  /** Column keys under `list.columns`, the first two being name and project. */
  columns: readonly string[];
  minW: string;
  hrefOf: (point: Point) => string;
  /** Header actions before the new-point button. */
  actions?: ReactNode;
  /** The row's cells after name and project. */
  cells: (point: Point) => ReactNode;
  dialog: (open: boolean, projects: readonly Project[], onClose: (created: Point | null) => void) => ReactNode;
  /** After the dialog closed on a new point; `refetch` asks the list again. */
  onCreated: (created: Point, refetch: () => void) => void;
}

/** A row's last hour of traffic: its requests and p95 latency, the two last columns of both lists. */
export function TrafficCells({ point, requestsTestId }: { point: Point; requestsTestId: string }) {
  const { i18n } = useTranslation();
  return (
    <>
      <Table.Cell textAlign="end" data-testid={requestsTestId}>
        {(point.recent?.requests ?? 0).toLocaleString(i18n.language)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatMs(recentP95(point))}
      </Table.Cell>
    </>
  );
}

/**
 * A list page of points (edge or web) of the current organization's projects, polled: the new-point
 * button (only with a project the user manages), loading, failure and empty states, and the table.
 */
export function PointListFrame({
  kind,
  ns,
  columns,
  minW,
  hrefOf,
  actions,
  cells,
  dialog,
  onCreated,
}: PointListFrameProps) {
  const { t } = useTranslation([ns, 'errors']);
  const [, navigate] = useLocation();
  const { id: organizationId, settled } = useCurrentOrganization();
  const scope = organizationId ?? PERSONAL_SCOPE;
  const points = useQuery({
    queryKey: deployKeys.points(kind, scope),
    queryFn: () => deployApi.points(kind, scope),
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
      <PageTitle
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            {actions}
            {newPoint(`${kind}-new`)}
          </>
        }
      />
      {projects.isSuccess && manageable.length === 0 && (
        <Text fontSize="sm" color="fg.muted" mb="4" data-testid={`${kind}-no-projects`}>
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
          data-testid={`${kind}-empty`}
          message={t('list.empty')}
          hint={t('list.emptyHint')}
          action={newPoint(`${kind}-empty-new`)}
        />
      ) : (
        <ScrollingTable
          label={t('list.tableLabel')}
          headers={columns.map((c) => t(`list.columns.${c}`))}
          minW={minW}
          interactive
          data-testid={`${kind}-list`}
        >
          {items.map((point) => {
            const href = hrefOf(point);
            return (
              <Table.Row
                key={point.id}
                data-testid={`${kind}-row`}
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
                {cells(point)}
              </Table.Row>
            );
          })}
        </ScrollingTable>
      )}
      <Text fontSize="xs" color="fg.muted" mt="3">
        {t('list.liveHint')}
      </Text>
      {dialog(creating, manageable, (created) => {
        setCreating(false);
        if (created) onCreated(created, () => void points.refetch());
      })}
    </PageContainer>
  );
}
