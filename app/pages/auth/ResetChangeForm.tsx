import { Button, chakra, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { passwordResetSchema } from '../../../contract/apiAuth';
import { paths } from '../../../contract/routes';
import { errorCodeOf } from '../../api/ApiRequestError';
import { authApi } from '../../api/authApi';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../api/formErrors';
import { Field } from '../../theme/parts/field';
import { AuthTitle } from './AuthTitle';
import { FormAlert } from './FormAlert';
import { PasswordInput } from './PasswordInput';
import { PasswordRules } from './PasswordRules';

const RESET_HREF = paths.loginReset.replace(/\/:key\?$/, '');

/** /login/reset/:key: choose a new password (the key comes from the reset e-mail); then sign in. */
export function ResetChangeForm({ resetKey }: { resetKey: string }) {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const [, navigate] = useLocation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [badKey, setBadKey] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { key: resetKey, newPassword, confirmPassword };
    const next = schemaFieldErrors(passwordResetSchema, body);
    setFields(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await authApi.resetPassword(body);
      navigate(`${paths.login}?reset=done`);
    } catch (error) {
      if (errorCodeOf(error) === 'invalid_key') {
        setBadKey(true);
      } else {
        const result = formErrorOf(error);
        setFields(result.fields);
        setFormError(result.form);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthTitle title={t('reset.change.title')}>{t('reset.change.body')}</AuthTitle>
      {badKey && (
        <FormAlert testId="reset-invalid-key">
          <Stack gap="1">
            <span>{t('reset.change.invalidKey')}</span>
            <Link href={RESET_HREF} style={{ textDecoration: 'underline' }}>
              {t('reset.change.requestNew')}
            </Link>
          </Stack>
        </FormAlert>
      )}
      <chakra.form onSubmit={(e) => void submit(e)} noValidate data-testid="reset-change-form">
        <Stack gap="5">
          <Field.Root invalid={!!fields.newPassword} required>
            <Field.Label>{t('reset.change.password')}</Field.Label>
            <PasswordInput
              name="new-password"
              autoComplete="new-password"
              maxLength={20}
              value={newPassword}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
            />
            {fields.newPassword && <Field.ErrorText>{t(fields.newPassword)}</Field.ErrorText>}
            <Field.HelperText asChild>
              <PasswordRules password={newPassword} />
            </Field.HelperText>
          </Field.Root>
          <Field.Root invalid={!!fields.confirmPassword} required>
            <Field.Label>{t('reset.change.confirm')}</Field.Label>
            <PasswordInput
              name="confirm-password"
              autoComplete="new-password"
              maxLength={20}
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.currentTarget.value)}
            />
            {fields.confirmPassword && <Field.ErrorText>{t(fields.confirmPassword)}</Field.ErrorText>}
          </Field.Root>
          {formError && <FormAlert>{t(formError)}</FormAlert>}
          <Button type="submit" colorPalette="brand" size="lg" w="full" loading={busy}>
            {t('reset.change.submit')}
          </Button>
        </Stack>
      </chakra.form>
    </>
  );
}
