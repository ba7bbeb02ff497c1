import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_DESCRIPTION_MAX, POINT_NAME_MAX, type Point } from '../../../../../contract/apiDeploy';
import { V } from '../../../../../contract/validationMessages';
import { errorCodeOf, isApiRequestError } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { toaster } from '../../toaster';
import { deployApi, deployKeys } from '../deployApi';
import { PointNameFields } from '../PointFields';

/** Rename a point or change its description; nothing is sent while a field is invalid. */
export function EditPointDialog({ point, onClose }: { point: Point | null; onClose: () => void }) {
  const { t } = useTranslation(['deploy', 'validation', 'errors', 'console']);
  const client = useQueryClient();
  // Seeded once per opening (the page mounts the dialog afresh each time): the polled point must not overwrite typing.
  const [name, setName] = useState(point?.name ?? '');
  const [description, setDescription] = useState(point?.description ?? '');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const nameError = !name.trim() ? V.required : name.trim().length > POINT_NAME_MAX ? V.max40 : serverErrors.name;
  const descriptionError = description.length > POINT_DESCRIPTION_MAX ? V.max100 : serverErrors.description;
  const save = useMutation({
    mutationFn: (p: Point) => deployApi.update(p.projectId, p.id, { name: name.trim(), description }),
    onSuccess: (answer) => {
      client.setQueryData(deployKeys.point(answer.projectId, answer.id), answer);
      void client.invalidateQueries({ queryKey: ['points'] });
      toaster.create({ type: 'success', title: t('console:toast.saved') });
      onClose();
    },
    onError: (error) => {
      if (isApiRequestError(error) && Object.keys(error.fields).length > 0) setServerErrors(error.fields);
      else
        toaster.create({
          type: 'error',
          title: t('console:toast.saveFailed'),
          description: t(`errors:${errorCodeOf(error)}`),
        });
    },
  });
  return (
    <AppDialog
      open={point !== null}
      title={t('edit.title')}
      onClose={() => onClose()}
      onConfirm={() => point && save.mutate(point)}
      confirmText={t('edit.save')}
      confirmDisabled={!!nameError || !!descriptionError || save.isPending}
      autoClose={false}
      enterConfirm
    >
      <Stack gap="4" data-testid="point-edit">
        <PointNameFields
          ns="deploy"
          name={name}
          description={description}
          nameError={nameError}
          descriptionError={descriptionError}
          onName={(value) => {
            setName(value);
            setServerErrors({});
          }}
          onDescription={(value) => {
            setDescription(value);
            setServerErrors({});
          }}
          testIds={{ name: 'point-edit-name', nameError: 'point-edit-error' }}
          autoFocus
        />
      </Stack>
    </AppDialog>
  );
}
