import { Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import { newDeploymentHref } from '../../../../../contract/deployRoutes';
import { paths } from '../../../../../contract/routes';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { EmptyState } from '../../../../components/EmptyState';
import { PageContainer } from '../../../../components/PageContainer';
import { PageTitle } from '../../../../components/PageTitle';
import { useProject } from '../../projects/projectQueries';
import { toaster } from '../../toaster';
import { CopyField } from '../CopyField';
import { deployApi, deployKeys } from '../deployApi';
import { canManage, METRICS_POLL_MS, POLL_MS } from '../deployFormat';
import { EditPointDialog } from '../edge/EditPointDialog';
import { MetricsCharts } from '../MetricsCharts';
import { InstanceStateBadge } from './InstanceStateBadge';
import { PointKeys } from './PointKeys';
import { TestPanel } from './TestPanel';
import { UsageSnippets } from './UsageSnippets';
import { WebPointDetails } from './WebPointDetails';

const METRICS_MINUTES = 60;
/** While preparing, the state is asked again sooner, so 'running' shows as soon as it is. */
const PREPARING_POLL_MS = 1500;

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

/** /console/web-points/:projectId/:pointId: one web point, its keys, how to call it, and a try-out. */
export default function WebPointPage() {
  const [, params] = useRoute(paths.consoleWebPoint);
  if (!params) return null;
  return <WebPointView projectId={params.projectId} pointId={params.pointId} />;
}

function WebPointView({ projectId, pointId }: { projectId: string; pointId: string }) {
  const { t } = useTranslation(['webPoints', 'errors', 'deploy']);
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const project = useProject(projectId);
  const point = useQuery({
    queryKey: deployKeys.point(projectId, pointId),
    queryFn: () => deployApi.point(projectId, pointId),
    refetchInterval: (query) =>
      query.state.data?.instance?.instanceState === 'preparing' ? PREPARING_POLL_MS : POLL_MS,
  });
  const metrics = useQuery({
    queryKey: deployKeys.metrics(projectId, pointId, METRICS_MINUTES),
    queryFn: () => deployApi.metrics(projectId, pointId, METRICS_MINUTES),
    refetchInterval: METRICS_POLL_MS,
    enabled: point.isSuccess,
  });
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editing, setEditing] = useState(false);
  const fail = (title: string) => (error: unknown) =>
    toaster.create({ type: 'error', title, description: t(`errors:${errorCodeOf(error)}`) });
  const setState = useMutation({
    mutationFn: (state: 'running' | 'stopped') => deployApi.update(projectId, pointId, { state }),
    onSuccess: (answer) => {
      client.setQueryData(deployKeys.point(projectId, pointId), answer);
      void client.invalidateQueries({ queryKey: ['points'] });
    },
    onError: fail(t('actions.stateFailed')),
  });
  const remove = useMutation({
    mutationFn: () => deployApi.remove(projectId, pointId),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('actions.deleted') });
      setConfirmDelete(false);
      client.removeQueries({ queryKey: deployKeys.point(projectId, pointId) });
      void client.invalidateQueries({ queryKey: ['points'] });
      navigate(paths.consoleWebPoints);
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
  if (point.isError || point.data.kind !== 'web') {
    const code = point.isError ? errorCodeOf(point.error) : 'not_found';
    return (
      <PageContainer>
        <EmptyState
          data-testid="web-point-missing"
          message={t(`errors:${code}`)}
          action={
            <Button asChild variant="outline">
              <Link href={paths.consoleWebPoints}>{t('point.backToList')}</Link>
            </Button>
          }
        />
      </PageContainer>
    );
  }
  const data = point.data;
  const role = project.data?.role;
  const manage = canManage(role);
  const state = data.instance?.instanceState;
  const url = data.endpoint ?? data.instance?.instanceAddress ?? '';
  return (
    <PageContainer>
      <Text fontSize="sm" mb="2">
        <Link href={paths.consoleWebPoints}>{t('point.backToList')}</Link>
      </Text>
      <PageTitle
        title={data.name}
        description={
          <HStack as="span" gap="3" wrap="wrap">
            <InstanceStateBadge state={state} />
            <span>{data.projectTitle}</span>
            {data.description && <span>· {data.description}</span>}
          </HStack>
        }
        actions={
          manage && (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="web-edit-open">
                {t('deploy:edit.button')}
              </Button>
              <Button asChild size="sm" variant="outline" data-testid="web-change-model">
                <Link href={newDeploymentHref(projectId, { pointId })}>{t('actions.changeModel')}</Link>
              </Button>
              {state === 'stopped' || state === 'failed' ? (
                <Button
                  size="sm"
                  colorPalette="brand"
                  loading={setState.isPending}
                  onClick={() => setState.mutate('running')}
                  data-testid="web-start"
                >
                  {t('actions.start')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="orange"
                  loading={setState.isPending}
                  onClick={() => setState.mutate('stopped')}
                  data-testid="web-stop"
                >
                  {t('actions.stop')}
                </Button>
              )}
              {role === 'admin' && (
                <Button
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setConfirmDelete(true)}
                  data-testid="web-delete"
                >
                  {t('actions.delete')}
                </Button>
              )}
            </HStack>
          )
        }
      />
      <Stack gap="6">
        {state === 'preparing' && (
          <Text fontSize="sm" color="fg.muted" data-testid="web-preparing">
            {t('point.preparing')}
          </Text>
        )}
        <Section title={t('point.details')}>
          <WebPointDetails point={data} />
        </Section>
        {url && (
          <Section title={t('point.usage')} testId="web-usage">
            <Stack gap="4">
              <CopyField label={t('point.url')} value={url} testId="web-url" />
              <UsageSnippets url={url} secret={secret} />
            </Stack>
          </Section>
        )}
        <Section title={t('keys.title')} testId="web-keys-section">
          <PointKeys projectId={projectId} pointId={pointId} allowed={manage} onCreated={setSecret} />
        </Section>
        {url && manage && (
          <Section title={t('test.title')}>
            {state !== 'running' && (
              <Text fontSize="sm" color="fg.muted" mb="3">
                {t('test.notRunning')}
              </Text>
            )}
            <TestPanel url={url} secret={secret} />
          </Section>
        )}
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
      </Stack>
      {editing && <EditPointDialog point={data} onClose={() => setEditing(false)} />}
      <AppDialog
        open={confirmDelete}
        title={t('actions.deleteTitle')}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
        confirmText={t('actions.delete')}
        confirmDisabled={remove.isPending}
        autoClose={false}
      >
        <Text data-testid="web-confirm">{t('actions.deleteConfirm', { name: data.name })}</Text>
      </AppDialog>
    </PageContainer>
  );
}
