import { Button, chakra, Input, Stack, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { userUpdateSchema } from '../../../contract/apiAuth';
import { authApi } from '../../api/authApi';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../api/formErrors';
import { auth, updateAuthUser } from '../../state/auth';
import { Field } from '../../theme/parts/field';
import { AvatarEditor } from './AvatarEditor';
import { SettingsSection } from './SettingsSection';
import { toaster } from './toaster';

/** Both fields are sent together from this form. */
const accountFormSchema = userUpdateSchema.pick({ name: true, introduction: true }).required();

/** Account information: profile image, name (1–20, Korean/English) and introduction (≤ 100). */
export function AccountSection() {
  const { t } = useTranslation(['console', 'validation', 'errors']);
  const { user } = useSnapshot(auth);
  const [name, setName] = useState(user?.name ?? '');
  const [introduction, setIntroduction] = useState(user?.introduction ?? '');
  const [fields, setFields] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: authApi.updateUser,
    onSuccess: (updated) => {
      updateAuthUser(updated);
      toaster.create({ type: 'success', title: t('console:toast.saved') });
    },
    onError: (error) => {
      const result = formErrorOf(error);
      setFields(result.fields);
      toaster.create({
        type: 'error',
        title: t('console:toast.saveFailed'),
        ...(result.form ? { description: t(result.form) } : {}),
      });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = schemaFieldErrors(accountFormSchema, { name, introduction });
    setFields(next);
    if (Object.keys(next).length === 0) save.mutate({ name, introduction });
  };

  return (
    <SettingsSection
      id="account"
      title={t('console:settings.account.title')}
      description={t('console:settings.account.description')}
    >
      <AvatarEditor />
      <chakra.form onSubmit={submit} noValidate data-testid="account-form">
        <Stack gap="5" maxW="lg">
          <Field.Root invalid={!!fields.name} required>
            <Field.Label>{t('console:settings.account.name')}</Field.Label>
            <Input name="name" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            {fields.name ? (
              <Field.ErrorText>{t(fields.name)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('console:settings.account.nameHint')}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={!!fields.introduction}>
            <Field.Label>{t('console:settings.account.introduction')}</Field.Label>
            <Textarea
              name="introduction"
              rows={3}
              value={introduction}
              onChange={(e) => setIntroduction(e.currentTarget.value)}
            />
            {fields.introduction ? (
              <Field.ErrorText>{t(fields.introduction)}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                {t('console:settings.account.introductionHint', { count: introduction.length })}
              </Field.HelperText>
            )}
          </Field.Root>
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending}>
            {t('console:settings.save')}
          </Button>
        </Stack>
      </chakra.form>
    </SettingsSection>
  );
}
