import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { newDeploymentHref } from '../../../../../contract/deployRoutes';
import { paths } from '../../../../../contract/routes';
import { AppDialog } from '../../../../components/Dialog';
import { PageContainer } from '../../../../components/PageContainer';
import { useProject } from '../../projects/projectQueries';
import { CopyField } from '../CopyField';
import { deployApi, deployKeys } from '../deployApi';
import { canManage, POLL_MS } from '../deployFormat';
import { EditPointDialog } from '../edge/EditPointDialog';
import {
  POINT_METRICS_MINUTES,
  PointHeader,
  PointMetricsSection,
  PointSection,
  PointUnavailable,
  useFailToast,
  usePointDelete,
} from '../PointPageFrame';
import { InstanceStateBadge } from './InstanceStateBadge';
import { PointKeys } from './PointKeys';
import { TestPanel } from './TestPanel';
import { UsageSnippets } from './UsageSnippets';
import { WebPointDetails } from './WebPointDetails';

/** While preparing, the state is asked again sooner, so 'running' shows as soon as it is. */
const PREPARING_POLL_MS = 1500;

/** /console/web-points/:projectId/:pointId: one web point, its keys, how to call it, and a try-out. */
export default function WebPointPage() {
  const [, params] = useRoute(paths.consoleWebPoint);
  if (!params) return null;
  return <WebPointView projectId={params.projectId} pointId={params.pointId} />;
}

function WebPointView({ projectId, pointId }: { projectId: string; pointId: string }) {
  const { t } = useTranslation(['webPoints', 'errors', 'deploy']);
  const client = useQueryClient();
  const project = useProject(projectId);
  const point = useQuery({
    queryKey: deployKeys.point(projectId, pointId),
    queryFn: () => deployApi.point(projectId, pointId),
    refetchInterval: (query) =>
      query.state.data?.instance?.instanceState === 'preparing' ? PREPARING_POLL_MS : POLL_MS,
  });
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editing, setEditing] = useState(false);
  const fail = useFailToast();
  const setState = useMutation({
    mutationFn: (state: 'running' | 'stopped') => deployApi.update(projectId, pointId, { state }),
    onSuccess: (answer) => {
      client.setQueryData(deployKeys.point(projectId, pointId), answer);
      void client.invalidateQueries({ queryKey: ['points'] });
    },
    onError: fail(t('actions.stateFailed')),
  });
  const remove = usePointDelete({ projectId, pointId, kind: 'web', onDeleted: () => setConfirmDelete(false) });

  if (point.isPending || point.isError || point.data.kind !== 'web')
    return <PointUnavailable query={point} kind="web" />;
  const data = point.data;
  const role = project.data?.role;
  const manage = canManage(role);
  const state = data.instance?.instanceState;
  const url = data.endpoint ?? data.instance?.instanceAddress ?? '';
  return (
    <PageContainer>
      <PointHeader
        point={data}
        badge={<InstanceStateBadge state={state} />}
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
        <PointSection title={t('point.details')}>
          <WebPointDetails point={data} />
        </PointSection>
        {url && (
          <PointSection title={t('point.usage')} testId="web-usage">
            <Stack gap="4">
              <CopyField label={t('point.url')} value={url} testId="web-url" />
              <UsageSnippets url={url} secret={secret} />
            </Stack>
          </PointSection>
        )}
        <PointSection title={t('keys.title')} testId="web-keys-section">
          <PointKeys projectId={projectId} pointId={pointId} allowed={manage} onCreated={setSecret} />
        </PointSection>
        {url && manage && (
          <PointSection title={t('test.title')}>
            {state !== 'running' && (
              <Text fontSize="sm" color="fg.muted" mb="3">
                {t('test.notRunning')}
              </Text>
            )}
            <TestPanel url={url} secret={secret} />
          </PointSection>
        )}
        <PointMetricsSection
          projectId={projectId}
          pointId={pointId}
          title={t('point.metrics', { minutes: POINT_METRICS_MINUTES })}
        />
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
