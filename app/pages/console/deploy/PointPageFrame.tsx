import { Box, Button, Heading, HStack, Skeleton, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Point, PointKind } from '../../../../contract/apiDeploy';
import { paths } from '../../../../contract/routes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { toaster } from '../toaster';
import { deployApi, deployKeys } from './deployApi';
import { METRICS_POLL_MS } from './deployFormat';
import { MetricsCharts } from './MetricsCharts';

/** The pieces an edge point's page and a web point's page share: one frame, one look, one delete. */

export const POINT_METRICS_MINUTES = 60;

/** Each kind's list page, and the namespace of its `point.*` and `actions.*` texts. */
const LIST_HREF: Record<PointKind, string> = { edge: paths.consoleEdge, web: paths.consoleWebPoints };
const NS: Record<PointKind, 'deploy' | 'webPoints'> = { edge: 'deploy', web: 'webPoints' };

function BackToList({ kind }: { kind: PointKind }) {
  const { t } = useTranslation(NS[kind]);
  return <Link href={LIST_HREF[kind]}>{t('point.backToList')}</Link>;
}

/** A titled, bordered block of a point's page. */
export function PointSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box as="section" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} data-testid={testId}>
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** While the point loads, skeletons; when it failed or is not of `kind`, why, with the way back to the list. */
export function PointUnavailable({ query, kind }: { query: UseQueryResult<Point>; kind: PointKind }) {
  const { t } = useTranslation([NS[kind], 'errors']);
  if (query.isPending)
    return (
      <PageContainer>
        <Skeleton h="10" mb="6" />
        <Skeleton h="40" />
      </PageContainer>
    );
  const code = query.isError ? errorCodeOf(query.error) : 'not_found';
  return (
    <PageContainer>
      <EmptyState
        data-testid={`${kind}-point-missing`}
        message={t(`errors:${code}`)}
        action={
          <Button asChild variant="outline">
            <Link href={LIST_HREF[kind]}>{t('point.backToList')}</Link>
          </Button>
        }
      />
    </PageContainer>
  );
}

/** The way back to the list, the point's name, its state badge, project and description, and its actions. */
export function PointHeader({ point, badge, actions }: { point: Point; badge: ReactNode; actions: ReactNode }) {
  return (
    <>
      <Text fontSize="sm" mb="2">
        <BackToList kind={point.kind} />
      </Text>
      <PageTitle
        title={point.name}
        description={
          <HStack as="span" gap="3" wrap="wrap">
            {badge}
            <span>{point.projectTitle}</span>
            {point.description && <span>· {point.description}</span>}
          </HStack>
        }
        actions={actions}
      />
    </>
  );
}

/** The point's last hour of serving, polled. */
export function PointMetricsSection({
  projectId,
  pointId,
  title,
}: {
  projectId: string;
  pointId: string;
  title: string;
}) {
  const { t } = useTranslation('errors');
  const metrics = useQuery({
    queryKey: deployKeys.metrics(projectId, pointId, POINT_METRICS_MINUTES),
    queryFn: () => deployApi.metrics(projectId, pointId, POINT_METRICS_MINUTES),
    refetchInterval: METRICS_POLL_MS,
  });
  return (
    <PointSection title={title}>
      {metrics.data ? (
        <MetricsCharts metrics={metrics.data} />
      ) : metrics.isError ? (
        <Text color="fg.error" fontSize="sm">
          {t(`errors:${errorCodeOf(metrics.error)}`)}
        </Text>
      ) : (
        <Skeleton h="40" />
      )}
    </PointSection>
  );
}

/** `fail(title)` is an onError that toasts the title with the error's translated text. */
export function useFailToast(): (title: string) => (error: unknown) => void {
  const { t } = useTranslation('errors');
  return (title) => (error) => toaster.create({ type: 'error', title, description: t(`errors:${errorCodeOf(error)}`) });
}

/** Deletes the point, tells so, forgets it, and goes back to the list. */
export function usePointDelete({
  projectId,
  pointId,
  kind,
  onDeleted,
}: {
  projectId: string;
  pointId: string;
  kind: PointKind;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(NS[kind]);
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const fail = useFailToast();
  return useMutation({
    mutationFn: () => deployApi.remove(projectId, pointId),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('actions.deleted') });
      onDeleted();
      client.removeQueries({ queryKey: deployKeys.point(projectId, pointId) });
      void client.invalidateQueries({ queryKey: ['points'] });
      navigate(LIST_HREF[kind]);
    },
    onError: fail(t('actions.deleteFailed')),
  });
}
