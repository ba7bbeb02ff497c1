import { Button, chakra, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRequestSchema } from '../../../contract/apiAuth';
import { authApi } from '../../api/authApi';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../api/formErrors';
import { useLocale } from '../../i18n/useLocale';
import { Field } from '../../theme/parts/field';
import { AuthTitle } from './AuthTitle';
import { FormAlert } from './FormAlert';

/** /login/reset: ask for a reset link by e-mail (the answer is the same for unknown addresses). */
export function ResetRequestForm() {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const { locale } = useLocale();
  const [email, setEmail] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = schemaFieldErrors(emailRequestSchema, { email, locale });
    setFields(next);
    setFormError(null);
    setSent(false);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await authApi.requestPasswordReset(email, locale);
      setSent(true);
    } catch (error) {
      const result = formErrorOf(error);
      setFields(result.fields);
      setFormError(result.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthTitle title={t('reset.request.title')}>{t('reset.request.body')}</AuthTitle>
      <chakra.form onSubmit={(e) => void submit(e)} noValidate data-testid="reset-request-form">
        <Stack gap="5">
          <Field.Root invalid={!!fields.email} required>
            <Field.Label>{t('login.email')}</Field.Label>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value.trim())}
            />
            {fields.email && <Field.ErrorText>{t(fields.email)}</Field.ErrorText>}
          </Field.Root>
          {formError && <FormAlert>{t(formError)}</FormAlert>}
          {sent && (
            <FormAlert status="success" testId="reset-sent">
              {t('reset.request.sent')}
            </FormAlert>
          )}
          <Button type="submit" colorPalette="brand" size="lg" w="full" loading={busy}>
            {t('reset.request.submit')}
          </Button>
        </Stack>
      </chakra.form>
    </>
  );
}
