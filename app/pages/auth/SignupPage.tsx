import { Button, chakra, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { z } from 'zod';
import { registerRequestSchema } from '../../../contract/apiAuth';
import { paths } from '../../../contract/routes';
import { V } from '../../../contract/validation';
import { authApi } from '../../api/authApi';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../api/formErrors';
import { signIn } from '../../api/session';
import { useLocale } from '../../i18n/useLocale';
import { Field } from '../../theme/parts/field';
import { SignupInvitationNotice, useSignupInvitation } from '../console/invitations/SignupInvitation';
import { AuthTitle } from './AuthTitle';
import { CheckInbox } from './CheckInbox';
import { FormAlert } from './FormAlert';
import { PasswordInput } from './PasswordInput';
import { PasswordRules } from './PasswordRules';
import { useGuestRedirect } from './useGuestRedirect';

/** The sign-up form: the contract's register body plus the confirmation, which must match. */
export const signupFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((f) => f.password === f.confirmPassword, { error: V.signupConfirmMismatch, path: ['confirmPassword'] });

/**
 * /login/signup: name, e-mail and password; then "check your mailbox" with a resend button. With
 * `?invitation=<key>` (an invitation mail's link) the invitation is shown and its address locked:
 * the key proves the address, so the new account is signed in at once and lands in the console.
 */
export default function SignupPage() {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const { locale } = useLocale();
  const search = useSearch();
  const invitation = useSignupInvitation(search);
  useGuestRedirect(invitation.status === 'none' ? '/' : paths.console);
  const invitedEmail = invitation.status === 'valid' ? invitation.preview.email : null;
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  useEffect(() => {
    if (invitedEmail) setForm((f) => ({ ...f, email: invitedEmail }));
  }, [invitedEmail]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = schemaFieldErrors(signupFormSchema, { ...form, locale });
    setFields(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const answer = await authApi.register({
        name: form.name,
        email: form.email,
        password: form.password,
        locale,
        ...(invitation.status === 'valid' ? { invitation: invitation.key } : {}),
      });
      // Joined an invitation: signed in at once; the guest redirect takes the user to the console.
      if (answer.status === 'joined') await signIn(answer);
      else setSentTo(form.email);
    } catch (error) {
      const { fields: serverFields, form: message } = formErrorOf(error);
      setFields(serverFields);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) return <CheckInbox email={sentTo} />;

  return (
    <>
      <AuthTitle title={t('signup.title')}>{t('signup.description')}</AuthTitle>
      <SignupInvitationNotice invitation={invitation} />
      <chakra.form onSubmit={(e) => void submit(e)} noValidate data-testid="signup-form">
        <Stack gap="5">
          <Field.Root invalid={!!fields.name} required>
            <Field.Label>{t('signup.name')}</Field.Label>
            <Input
              name="name"
              autoComplete="name"
              maxLength={40}
              value={form.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
            />
            {fields.name && <Field.ErrorText>{t(fields.name)}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!fields.email} required>
            <Field.Label>{t('signup.email')}</Field.Label>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              readOnly={invitedEmail !== null || invitation.status === 'loading'}
              value={form.email}
              onChange={(e) => set('email')(e.currentTarget.value.trim())}
            />
            {fields.email && <Field.ErrorText>{t(fields.email)}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!fields.password} required>
            <Field.Label>{t('signup.password')}</Field.Label>
            <PasswordInput
              name="new-password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.currentTarget.value)}
            />
            {fields.password && <Field.ErrorText>{t(fields.password)}</Field.ErrorText>}
            <Field.HelperText asChild>
              <PasswordRules password={form.password} />
            </Field.HelperText>
          </Field.Root>
          <Field.Root invalid={!!fields.confirmPassword} required>
            <Field.Label>{t('signup.confirm')}</Field.Label>
            <PasswordInput
              name="confirm-password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(e) => set('confirmPassword')(e.currentTarget.value)}
            />
            {fields.confirmPassword && <Field.ErrorText>{t(fields.confirmPassword)}</Field.ErrorText>}
          </Field.Root>
          {formError && <FormAlert>{t(formError)}</FormAlert>}
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            w="full"
            loading={busy}
            loadingText={t('signup.submitting')}
          >
            {t('signup.submit')}
          </Button>
        </Stack>
      </chakra.form>
      <Text fontSize="sm" color="fg.muted" textAlign="center">
        {t('signup.haveAccount')}{' '}
        <Text as="span" asChild color="brand.fg" fontWeight="600" _hover={{ textDecoration: 'underline' }}>
          <Link href={paths.login + (search ? `?${search}` : '')}>{t('signup.toLogin')}</Link>
        </Text>
      </Text>
    </>
  );
}
