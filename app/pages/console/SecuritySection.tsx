import { Button, chakra, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordChangeRequestSchema } from '../../../contract/apiAuth';
import { authApi } from '../../api/authApi';
import { storeTokens } from '../../api/tokenStorage';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../api/formErrors';
import { Field } from '../../theme/parts/field';
import { PasswordInput } from '../auth/PasswordInput';
import { PasswordRules } from '../auth/PasswordRules';
import { SettingsSection } from './SettingsSection';
import { toaster } from './toaster';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Security: change the password with the current one, the new one and its confirmation
 * ('Current password does not match.', 'The password to change does not match.', 'Password changed').
 */
export function SecuritySection() {
  const { t } = useTranslation(['console', 'validation', 'errors']);
  const [form, setForm] = useState(EMPTY);
  const [fields, setFields] = useState<FieldErrors>({});
  const change = useMutation({
    mutationFn: authApi.changePassword,
    // The server ends every other session and hands this one a new token pair.
    onSuccess: (pair) => {
      storeTokens(pair);
      setForm(EMPTY);
      toaster.create({ type: 'success', title: t('console:settings.security.changed') });
    },
    onError: (error) => {
      const result = formErrorOf(error);
      setFields(result.fields);
      if (result.form)
        toaster.create({ type: 'error', title: t('console:toast.saveFailed'), description: t(result.form) });
    },
  });
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = schemaFieldErrors(passwordChangeRequestSchema, form);
    setFields(next);
    if (Object.keys(next).length === 0) change.mutate(form);
  };

  const field = (key: keyof typeof EMPTY, autoComplete: string, extra?: ReactNode) => (
    <Field.Root invalid={!!fields[key]} required>
      <Field.Label>{t(`console:settings.security.${key}`)}</Field.Label>
      <PasswordInput
        name={key}
        autoComplete={autoComplete}
        value={form[key]}
        onChange={(e) => set(key)(e.currentTarget.value)}
      />
      {fields[key] && <Field.ErrorText>{t(fields[key])}</Field.ErrorText>}
      {extra}
    </Field.Root>
  );

  return (
    <SettingsSection
      id="security"
      title={t('console:settings.security.title')}
      description={t('console:settings.security.description')}
    >
      <chakra.form onSubmit={submit} noValidate data-testid="password-form">
        <Stack gap="5" maxW="lg">
          {field('currentPassword', 'current-password')}
          {field(
            'newPassword',
            'new-password',
            <Field.HelperText asChild>
              <PasswordRules password={form.newPassword} />
            </Field.HelperText>,
          )}
          {field('confirmPassword', 'new-password')}
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={change.isPending}>
            {t('console:settings.security.submit')}
          </Button>
        </Stack>
      </chakra.form>
    </SettingsSection>
  );
}
