import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { Enrollment } from '../../../../../contract/apiDeploy';
import { newDeploymentHref } from '../../../../../contract/deployRoutes';
import { paths } from '../../../../../contract/routes';
import { AppDialog } from '../../../../components/Dialog';
import { PageContainer } from '../../../../components/PageContainer';
import { useProject } from '../../projects/projectQueries';
import { toaster } from '../../toaster';
import { ConnectionBadge } from '../ConnectionBadge';
import { deployApi, deployKeys } from '../deployApi';
import { canManage, POLL_MS } from '../deployFormat';
import { DeploymentHistory } from '../DeploymentHistory';
import {
  POINT_METRICS_MINUTES,
  PointHeader,
  PointMetricsSection,
  PointSection,
  PointUnavailable,
  useFailToast,
  usePointDelete,
} from '../PointPageFrame';
import { ConnectivityTest } from './ConnectivityTest';
import { EdgeDeviceDetails } from './EdgeDeviceDetails';
import { EditPointDialog } from './EditPointDialog';
import { EnrollmentPanel } from './EnrollmentPanel';

/** /console/edge/:projectId/:pointId: one edge point, live. */
export default function EdgePointPage() {
  const [, params] = useRoute(paths.consoleEdgePoint);
  if (!params) return null;
  return <EdgePointView projectId={params.projectId} pointId={params.pointId} />;
}

function EdgePointView({ projectId, pointId }: { projectId: string; pointId: string }) {
  const { t } = useTranslation(['deploy', 'errors', 'ui']);
  const client = useQueryClient();
  const project = useProject(projectId);
  const point = useQuery({
    queryKey: deployKeys.point(projectId, pointId),
    queryFn: () => deployApi.point(projectId, pointId),
    refetchInterval: POLL_MS,
  });
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [confirm, setConfirm] = useState<'revoke' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const fail = useFailToast();
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
  const remove = usePointDelete({ projectId, pointId, kind: 'edge', onDeleted: () => setConfirm(null) });

  if (point.isPending || point.isError || point.data.kind !== 'edge')
    return <PointUnavailable query={point} kind="edge" />;
  const data = point.data;
  const role = project.data?.role;
  const manage = canManage(role);
  const admin = role === 'admin';
  return (
    <PageContainer>
      <PointHeader
        point={data}
        badge={<ConnectionBadge connection={data.connection} />}
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
        <PointSection title={t('point.device')} testId="point-device">
          <EdgeDeviceDetails point={data} />
        </PointSection>
        <PointSection title={t('ping.title')}>
          <ConnectivityTest point={data} allowed={manage} />
        </PointSection>
        <PointMetricsSection
          projectId={projectId}
          pointId={pointId}
          title={t('point.metrics', { minutes: POINT_METRICS_MINUTES })}
        />
        <PointSection title={t('history.title')}>
          <DeploymentHistory projectId={projectId} pointId={pointId} />
        </PointSection>
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
