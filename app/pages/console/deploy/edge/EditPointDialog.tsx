import { Input, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_DESCRIPTION_MAX, POINT_NAME_MAX, type Point } from '../../../../../contract/apiDeploy';
import { V } from '../../../../../contract/validationMessages';
import { errorCodeOf, isApiRequestError } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { Field } from '../../../../theme/parts/field';
import { toaster } from '../../toaster';
import { deployApi, deployKeys } from '../deployApi';

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
        <Field.Root required invalid={!!nameError}>
          <Field.Label>
            {t('create.name')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setServerErrors({});
            }}
            data-testid="point-edit-name"
            autoFocus
          />
          {nameError && <Field.ErrorText data-testid="point-edit-error">{t(nameError)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!descriptionError}>
          <Field.Label>{t('create.description')}</Field.Label>
          <Textarea
            name="description"
            rows={2}
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setServerErrors({});
            }}
          />
          {descriptionError && <Field.ErrorText>{t(descriptionError)}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
