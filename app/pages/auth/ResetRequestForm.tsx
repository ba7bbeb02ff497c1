import { Button, chakra, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../theme/parts/field';
import { AuthTitle } from './AuthTitle';
import { emailError, type AuthError } from './authRules';
import { NotConnectedNotice } from './NotConnectedNotice';

/** /login/reset: ask for a reset link by e-mail. */
export function ResetRequestForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<AuthError | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = emailError(email);
    setError(next);
    setSubmitted(next === null);
  };

  return (
    <>
      <AuthTitle title={t('reset.request.title')}>{t('reset.request.body')}</AuthTitle>
      <chakra.form onSubmit={submit} noValidate data-testid="reset-request-form">
        <Stack gap="5">
          <Field.Root invalid={!!error} required>
            <Field.Label>{t('login.email')}</Field.Label>
            <Input type="email" name="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            {error && <Field.ErrorText>{t(`errors.${error}`)}</Field.ErrorText>}
          </Field.Root>
          {submitted && <NotConnectedNotice>{t('reset.request.notConnected')}</NotConnectedNotice>}
          <Button type="submit" colorPalette="brand" size="lg" w="full">{t('reset.request.submit')}</Button>
        </Stack>
      </chakra.form>
    </>
  );
}
