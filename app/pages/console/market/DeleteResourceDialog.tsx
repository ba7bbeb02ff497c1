import { Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../../../contract/apiMarket';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { AppDialog } from '../../../components/Dialog';
import { toaster } from '../toaster';
import { marketApi, marketKeys } from './marketApi';

/** Confirms taking a resource off the market (buyers keep theirs); `onDeleted` follows a success. */
export function DeleteResourceDialog({
  resource,
  onClose,
  onDeleted,
}: {
  resource: Resource | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation(['market', 'errors']);
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (r: Resource) => marketApi.remove(r.id),
    onSuccess: (_answer, r) => {
      toaster.create({ type: 'success', title: t('delete.done') });
      client.removeQueries({ queryKey: marketKeys.resource(r.id) });
      void client.invalidateQueries({ queryKey: marketKeys.all });
      onClose();
      onDeleted?.();
    },
    onError: (error) =>
      toaster.create({ type: 'error', title: t('delete.failed'), description: t(`errors:${errorCodeOf(error)}`) }),
  });
  return (
    <AppDialog
      open={resource !== null}
      title={t('delete.title')}
      onClose={onClose}
      onConfirm={() => resource && remove.mutate(resource)}
      confirmText={t('delete.button')}
      confirmDisabled={remove.isPending}
      autoClose={false}
    >
      <Text data-testid="resource-delete-confirm">{t('delete.confirm', { name: resource?.name ?? '' })}</Text>
    </AppDialog>
  );
}
