import { Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORG_NAME_MAX, type Organization } from '../../../../contract/apiSupport';
import { formErrorOf } from '../../../api/formErrors';
import { AppDialog } from '../../../components/Dialog';
import { setCurrentOrganization } from '../../../state/organization';
import { Field } from '../../../theme/parts/field';
import { toaster } from '../toaster';
import { organizationApi, organizationKeys } from './organizationApi';
import { organizationNameError } from './organizationName';

/**
 * New organization: a name, then the caller is its owner and the console switches to it, so the
 * next project is created there.
 */
export function CreateOrganizationDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (org: Organization) => void;
}) {
  const { t } = useTranslation(['organization', 'validation', 'errors']);
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const nameError = tried ? organizationNameError(name.trim()) : null;

  const close = () => {
    setName('');
    setTried(false);
    setFormError(null);
    onClose();
  };

  const create = useMutation({
    mutationFn: (value: string) => organizationApi.create(value),
    onSuccess: (org) => {
      client.setQueryData<Organization[]>(organizationKeys.list, (list) => [...(list ?? []), org]);
      void client.invalidateQueries({ queryKey: organizationKeys.list });
      setCurrentOrganization(org.id);
      toaster.create({ type: 'success', title: t('organization:create.created', { name: org.name }) });
      onCreated?.(org);
      close();
    },
    onError: (error) => {
      const result = formErrorOf(error);
      setFormError(result.fields.name ?? result.form);
    },
  });

  const submit = () => {
    setTried(true);
    setFormError(null);
    if (organizationNameError(name.trim())) return;
    create.mutate(name.trim());
  };

  return (
    <AppDialog
      open={open}
      title={t('organization:create.title')}
      onClose={close}
      onConfirm={submit}
      autoClose={false}
      confirmText={t('organization:create.submit')}
      confirmDisabled={create.isPending}
      enterConfirm
    >
      <Stack gap="3" data-testid="org-create">
        <Text fontSize="sm" color="fg.muted">
          {t('organization:create.intro')}
        </Text>
        <Field.Root invalid={!!nameError} required>
          <Field.Label>{t('organization:form.name')}</Field.Label>
          <Input
            name="name"
            value={name}
            autoComplete="organization"
            autoFocus
            data-testid="org-create-name"
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {nameError ? (
            <Field.ErrorText data-testid="org-name-error">{t(nameError, { max: ORG_NAME_MAX })}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('organization:form.nameHint', { max: ORG_NAME_MAX })}</Field.HelperText>
          )}
        </Field.Root>
        {formError && (
          <Text color="fg.error" role="alert">
            {t(formError)}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
