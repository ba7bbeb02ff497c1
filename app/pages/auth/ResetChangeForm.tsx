import { Button, chakra, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../theme/parts/field';
import { AuthTitle } from './AuthTitle';
import { confirmError, newPasswordError, type AuthError } from './authRules';
import { NotConnectedNotice } from './NotConnectedNotice';
import { PasswordInput } from './PasswordInput';
import { PasswordRules } from './PasswordRules';

interface Errors {
  password: AuthError | null;
  confirm: AuthError | null;
}

/** /login/reset/:key: choose a new password (the key comes from the reset e-mail). */
export function ResetChangeForm() {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({ password: null, confirm: null });
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = { password: newPasswordError(password), confirm: confirmError(password, confirm) };
    setErrors(next);
    setSubmitted(!next.password && !next.confirm);
  };

  return (
    <>
      <AuthTitle title={t('reset.change.title')}>{t('reset.change.body')}</AuthTitle>
      <chakra.form onSubmit={submit} noValidate data-testid="reset-change-form">
        <Stack gap="5">
          <Field.Root invalid={!!errors.password} required>
            <Field.Label>{t('reset.change.password')}</Field.Label>
            <PasswordInput
              name="new-password"
              autoComplete="new-password"
              maxLength={20}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {errors.password && <Field.ErrorText>{t(`errors.${errors.password}`)}</Field.ErrorText>}
            <Field.HelperText asChild>
              <PasswordRules password={password} />
            </Field.HelperText>
          </Field.Root>
          <Field.Root invalid={!!errors.confirm} required>
            <Field.Label>{t('reset.change.confirm')}</Field.Label>
            <PasswordInput name="confirm-password" autoComplete="new-password" maxLength={20} value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
            {errors.confirm && <Field.ErrorText>{t(`errors.${errors.confirm}`)}</Field.ErrorText>}
          </Field.Root>
          {submitted && <NotConnectedNotice>{t('reset.change.notConnected')}</NotConnectedNotice>}
          <Button type="submit" colorPalette="brand" size="lg" w="full">{t('reset.change.submit')}</Button>
        </Stack>
      </chakra.form>
    </>
  );
}
