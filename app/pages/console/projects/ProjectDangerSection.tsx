import { Button, HStack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { Project } from '../../../../contract/apiProjects';
import { paths } from '../../../../contract/routes';
import { projectsApi } from '../../../api/projectsApi';
import { queryClient } from '../../../api/queryClient';
import { AppDialog } from '../../../components/Dialog';
import { auth } from '../../../state/auth';
import { SettingsSection } from '../SettingsSection';
import { toaster } from '../toaster';
import { projectErrorKey } from './projectErrors';
import { projectKeys } from './projectQueries';

/** Delete the project (admins, after confirmation) or leave it (anyone; the last admin is refused by the server). */
export function ProjectDangerSection({ project }: { project: Project }) {
  const { t } = useTranslation(['projects', 'errors']);
  const [, navigate] = useLocation();
  const me = useSnapshot(auth).user;
  const [asking, setAsking] = useState<'delete' | 'leave' | null>(null);
  const done = (message: string) => {
    toaster.create({ type: 'success', title: message });
    queryClient.removeQueries({ queryKey: projectKeys.project(project.id) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.list });
    navigate(paths.console);
  };
  const fail = (error: unknown) => toaster.create({ type: 'error', title: t(projectErrorKey(error, project.id)) });
  const remove = useMutation({
    mutationFn: () => projectsApi.remove(project.id),
    onSuccess: () => done(t('projects:settings.danger.deleted')),
    onError: fail,
  });
  const leave = useMutation({
    mutationFn: () => projectsApi.removeMember(project.id, String(me?.id ?? '')),
    onSuccess: () => done(t('projects:settings.danger.left')),
    onError: fail,
  });
  return (
    <SettingsSection id="project-danger" title={t('projects:settings.danger.title')}>
      <HStack gap="3" wrap="wrap">
        {project.role === 'admin' && (
          <Button
            colorPalette="red"
            onClick={() => setAsking('delete')}
            loading={remove.isPending}
            data-testid="project-delete"
          >
            {t('projects:settings.danger.delete')}
          </Button>
        )}
        <Button
          variant="outline"
          colorPalette="red"
          onClick={() => setAsking('leave')}
          loading={leave.isPending}
          data-testid="project-leave"
        >
          {t('projects:settings.danger.leave')}
        </Button>
      </HStack>
      <AppDialog
        open={asking !== null}
        title={asking === 'delete' ? t('projects:settings.danger.delete') : t('projects:settings.danger.leave')}
        onClose={() => setAsking(null)}
        onConfirm={() => (asking === 'delete' ? remove.mutate() : leave.mutate())}
        confirmText={
          asking === 'delete' ? t('projects:settings.danger.deleteConfirm') : t('projects:settings.danger.leaveConfirm')
        }
      >
        {asking === 'delete'
          ? t('projects:settings.danger.deleteBody', { title: project.title })
          : t('projects:settings.danger.leaveBody', { title: project.title })}
      </AppDialog>
    </SettingsSection>
  );
}
