import { Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImageDeleteRequest } from '../../../../contract/apiImageDelete';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { queryClient } from '../../../api/queryClient';
import { AppDialog } from '../../../components/Dialog';
import { projectKeys } from '../projects/projectQueries';
import { toaster } from '../toaster';
import { requestImageDelete } from './imageDeleteApi';

/**
 * Confirms a deletion with the counts a dry run answers ("Delete N images and their K annotations?
 * This cannot be undone."), then deletes. A failure says so and keeps the dialog: the server
 * deletes all or nothing, so nothing is half gone. On success every query of the project is
 * refreshed (list, gallery, tags, label counts, the project's counts) and the project list's too.
 */
export function DeleteImagesDialog({
  projectId,
  request,
  onClose,
  onDeleted,
}: {
  projectId: string;
  /** The deletion to confirm; null: the dialog is closed. */
  request: ImageDeleteRequest | null;
  onClose: () => void;
  onDeleted: (count: number) => void;
}) {
  const { t } = useTranslation(['projects', 'errors']);
  const preview = useQuery({
    queryKey: ['image-delete-preview', projectId, request],
    queryFn: ({ signal }) => requestImageDelete(projectId, { ...request!, dryRun: true }, signal),
    enabled: request !== null,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const remove = useMutation({
    mutationFn: () => requestImageDelete(projectId, { ...request!, dryRun: false }),
    onSuccess: (result) => {
      toaster.create({ type: 'success', title: t('projects:imageDelete.done', { count: result.images }) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.list });
      onDeleted(result.images);
    },
  });
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const counts = preview.data;

  return (
    <AppDialog
      open={request !== null}
      title={t('projects:imageDelete.title')}
      onClose={close}
      onConfirm={() => remove.mutate()}
      autoClose={false}
      confirmText={t('projects:imageDelete.confirmButton')}
      confirmDisabled={!counts || counts.images === 0 || remove.isPending}
    >
      {preview.isPending ? (
        <Text color="fg.muted" data-testid="image-delete-counting">
          {t('projects:imageDelete.counting')}
        </Text>
      ) : preview.isError ? (
        <Text color="fg.error" role="alert" data-testid="image-delete-error">
          {t(`errors:${errorCodeOf(preview.error)}`)}
        </Text>
      ) : counts && counts.images === 0 ? (
        <Text data-testid="image-delete-body">{t('projects:imageDelete.nothing')}</Text>
      ) : (
        <Text data-testid="image-delete-body">
          {t('projects:imageDelete.confirm', { count: counts?.images ?? 0, annotations: counts?.annotations ?? 0 })}
        </Text>
      )}
      {remove.isError && (
        <Text mt="3" color="fg.error" role="alert" data-testid="image-delete-failed">
          {t('projects:imageDelete.failed')}
        </Text>
      )}
    </AppDialog>
  );
}
