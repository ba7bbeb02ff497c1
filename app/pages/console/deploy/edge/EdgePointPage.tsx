import { Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import type { Enrollment } from '../../../../../contract/apiDeploy';
import { newDeploymentHref } from '../../../../../contract/deployRoutes';
import { paths } from '../../../../../contract/routes';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { EmptyState } from '../../../../components/EmptyState';
import { PageContainer } from '../../../../components/PageContainer';
import { PageTitle } from '../../../../components/PageTitle';
import { useProject } from '../../projects/projectQueries';
import { toaster } from '../../toaster';
import { ConnectionBadge } from '../ConnectionBadge';
import { deployApi, deployKeys } from '../deployApi';
import { canManage, METRICS_POLL_MS, POLL_MS } from '../deployFormat';
import { DeploymentHistory } from '../DeploymentHistory';
import { MetricsCharts } from '../MetricsCharts';
import { ConnectivityTest } from './ConnectivityTest';
import { EdgeDeviceDetails } from './EdgeDeviceDetails';
import { EditPointDialog } from './EditPointDialog';
import { EnrollmentPanel } from './EnrollmentPanel';

const METRICS_MINUTES = 60;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box as="section" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} data-testid={testId}>
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** /console/edge/:projectId/:pointId: one edge point, live. */
export default function EdgePointPage() {
  const [, params] = useRoute(paths.consoleEdgePoint);
  if (!params) return null;
  return <EdgePointView projectId={params.projectId} pointId={params.pointId} />;
}

function EdgePointView({ projectId, pointId }: { projectId: string; pointId: string }) {
  const { t } = useTranslation(['deploy', 'errors', 'ui']);
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const project = useProject(projectId);
  const point = useQuery({
    queryKey: deployKeys.point(projectId, pointId),
    queryFn: () => deployApi.point(projectId, pointId),
    refetchInterval: POLL_MS,
  });
  const metrics = useQuery({
    queryKey: deployKeys.metrics(projectId, pointId, METRICS_MINUTES),
    queryFn: () => deployApi.metrics(projectId, pointId, METRICS_MINUTES),
    refetchInterval: METRICS_POLL_MS,
    enabled: point.isSuccess,
  });
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [confirm, setConfirm] = useState<'revoke' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const fail = (title: string) => (error: unknown) =>
    toaster.create({ type: 'error', title, description: t(`errors:${errorCodeOf(error)}`) });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: deployKeys.point(projectId, pointId) });
    void client.invalidateQueries({ queryKey: ['points'] });
  };
  const enroll = useMutation({
    mutationFn: () => deployApi.enroll(projectId, pointId),
    onSuccess: (answer) => setEnrollment(answer),
    onError: fail(t('actions.enrollFailed')),
  });
  const revoke = useMutation({
    mutationFn: () => deployApi.revoke(projectId, pointId),
    onSuccess: (answer) => {
      client.setQueryData(deployKeys.point(projectId, pointId), answer);
      toaster.create({ type: 'success', title: t('actions.revoked') });
      setConfirm(null);
      refresh();
    },
    onError: fail(t('actions.revokeFailed')),
  });
  const remove = useMutation({
    mutationFn: () => deployApi.remove(projectId, pointId),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('actions.deleted') });
      setConfirm(null);
      client.removeQueries({ queryKey: deployKeys.point(projectId, pointId) });
      void client.invalidateQueries({ queryKey: ['points'] });
      navigate(paths.consoleEdge);
    },
    onError: fail(t('actions.deleteFailed')),
  });

  if (point.isPending)
    return (
      <PageContainer>
        <Skeleton h="10" mb="6" />
        <Skeleton h="40" />
      </PageContainer>
    );
  if (point.isError || point.data.kind !== 'edge') {
    const code = point.isError ? errorCodeOf(point.error) : 'not_found';
    return (
      <PageContainer>
        <EmptyState
          data-testid="edge-point-missing"
          message={t(`errors:${code}`)}
          action={
            <Button asChild variant="outline">
              <Link href={paths.consoleEdge}>{t('point.backToList')}</Link>
            </Button>
          }
        />
      </PageContainer>
    );
  }
  const data = point.data;
  const role = project.data?.role;
  const manage = canManage(role);
  const admin = role === 'admin';
  return (
    <PageContainer>
      <Text fontSize="sm" mb="2">
        <Link href={paths.consoleEdge}>{t('point.backToList')}</Link>
      </Text>
      <PageTitle
        title={data.name}
        description={
          <HStack as="span" gap="3" wrap="wrap">
            <ConnectionBadge connection={data.connection} />
            <span>{data.projectTitle}</span>
            {data.description && <span>· {data.description}</span>}
          </HStack>
        }
        actions={
          manage && (
            <HStack gap="2" wrap="wrap">
              <Button asChild colorPalette="brand" size="sm" data-testid="point-deploy">
                <Link href={newDeploymentHref(projectId, { pointId })}>{t('actions.deploy')}</Link>
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="point-edit-open">
                {t('edit.button')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                loading={enroll.isPending}
                onClick={() => enroll.mutate()}
                data-testid="point-enroll"
              >
                {t('actions.enroll')}
              </Button>
              {admin && data.connection !== 'revoked' && data.device && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="orange"
                  onClick={() => setConfirm('revoke')}
                  data-testid="point-revoke"
                >
                  {t('actions.revoke')}
                </Button>
              )}
              {admin && (
                <Button
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setConfirm('delete')}
                  data-testid="point-delete"
                >
                  {t('actions.delete')}
                </Button>
              )}
            </HStack>
          )
        }
      />
      <Stack gap="6">
        {data.connection === 'unenrolled' && (
          <Text fontSize="sm" color="fg.muted" data-testid="point-unenrolled">
            {t('point.unenrolledHint')}
          </Text>
        )}
        <Section title={t('point.device')} testId="point-device">
          <EdgeDeviceDetails point={data} />
        </Section>
        <Section title={t('ping.title')}>
          <ConnectivityTest point={data} allowed={manage} />
        </Section>
        <Section title={t('point.metrics', { minutes: METRICS_MINUTES })}>
          {metrics.data ? (
            <MetricsCharts metrics={metrics.data} />
          ) : metrics.isError ? (
            <Text color="fg.error" fontSize="sm">
              {t(`errors:${errorCodeOf(metrics.error)}`)}
            </Text>
          ) : (
            <Skeleton h="40" />
          )}
        </Section>
        <Section title={t('history.title')}>
          <DeploymentHistory projectId={projectId} pointId={pointId} />
        </Section>
      </Stack>
      {editing && <EditPointDialog point={data} onClose={() => setEditing(false)} />}
      <AppDialog
        open={enrollment !== null}
        title={t('enrollment.title')}
        onClose={() => setEnrollment(null)}
        onConfirm={() => setEnrollment(null)}
        confirmText={t('create.done')}
        cancelText={null}
        width={720}
        mobileFull
      >
        {enrollment && (
          <Stack gap="3">
            <Text fontSize="sm">{t('enrollment.replaces')}</Text>
            <EnrollmentPanel enrollment={enrollment} />
          </Stack>
        )}
      </AppDialog>
      <AppDialog
        open={confirm !== null}
        title={confirm === 'delete' ? t('actions.deleteTitle') : t('actions.revokeTitle')}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm === 'delete' ? remove.mutate() : revoke.mutate())}
        confirmText={confirm === 'delete' ? t('actions.delete') : t('actions.revoke')}
        confirmDisabled={remove.isPending || revoke.isPending}
        autoClose={false}
      >
        <Text data-testid="point-confirm">
          {confirm === 'delete'
            ? t('actions.deleteConfirm', { name: data.name })
            : t('actions.revokeConfirm', { name: data.name })}
        </Text>
      </AppDialog>
    </PageContainer>
  );
}
