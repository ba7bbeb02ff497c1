import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Resource, ResourceUpdate } from '../../../../contract/apiMarket';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { toaster } from '../toaster';
import { marketApi, marketKeys } from './marketApi';

/** Saves a change to one of my resources (visibility, description, price) and refreshes the lists. */
export function useResourceUpdate(onSaved?: (resource: Resource) => void) {
  const { t } = useTranslation(['market', 'errors', 'console']);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: ResourceUpdate }) => marketApi.update(v.id, v.body),
    onSuccess: (resource) => {
      client.setQueryData(marketKeys.resource(resource.id), resource);
      void client.invalidateQueries({ queryKey: marketKeys.mine });
      toaster.create({ type: 'success', title: t('console:toast.saved') });
      onSaved?.(resource);
    },
    onError: (error) =>
      toaster.create({
        type: 'error',
        title: t('console:toast.saveFailed'),
        description: t(`errors:${errorCodeOf(error)}`),
      }),
  });
}
