import { Button, chakra, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Checkbox } from '../../theme/parts/checkbox';
import { Field } from '../../theme/parts/field';
import { AuthTitle } from './AuthTitle';
import { emailError, type AuthError } from './authRules';
import { LoginSocial, type SocialProvider } from './LoginSocial';
import { NotConnectedNotice } from './NotConnectedNotice';
import { PasswordInput } from './PasswordInput';

/** The reset request page (the pattern without its optional key). */
const RESET_HREF = paths.loginReset.replace(/\/:key\?$/, '');

/** Sign-up has no page of its own yet: the guide explains how accounts are created. */
const SIGN_UP_HREF = `${paths.docs}#getting-started-account`;

export interface LoginPageProps {
  /** Social sign-in providers that are configured; none yet, so their buttons stay hidden. */
  socialProviders?: readonly SocialProvider[];
}

interface Errors {
  email: AuthError | null;
  password: AuthError | null;
}

/** /login: the sign-in form (layout only until the account service is connected). */
export default function LoginPage({ socialProviders = [] }: LoginPageProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Errors>({ email: null, password: null });
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = { email: emailError(email), password: password ? null : 'passwordRequired' };
    setErrors(next);
    // No account service yet: a valid form is not sent anywhere, and the page says so.
    setSubmitted(!next.email && !next.password);
  };

  return (
    <>
      <AuthTitle title={t('login.title')}>{t('login.description')}</AuthTitle>
      <chakra.form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="5">
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>{t('login.email')}</Field.Label>
            <Input type="email" name="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            {errors.email && <Field.ErrorText>{t(`errors.${errors.email}`)}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!errors.password} required>
            <Field.Label>{t('login.password')}</Field.Label>
            <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            {errors.password && <Field.ErrorText>{t(`errors.${errors.password}`)}</Field.ErrorText>}
          </Field.Root>
          <Stack direction="row" justify="space-between" align="center" wrap="wrap" gap="2">
            <Checkbox.Root checked={remember} onCheckedChange={(e) => setRemember(e.checked === true)} name="remember">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('login.remember')}</Checkbox.Label>
            </Checkbox.Root>
            <Text asChild fontSize="sm" color="brand.fg" fontWeight="500" _hover={{ textDecoration: 'underline' }}>
              <Link href={RESET_HREF}>{t('login.forgot')}</Link>
            </Text>
          </Stack>
          {submitted && <NotConnectedNotice>{t('login.notConnected')}</NotConnectedNotice>}
          <Button type="submit" colorPalette="brand" size="lg" w="full">{t('login.submit')}</Button>
        </Stack>
      </chakra.form>
      <LoginSocial providers={socialProviders} />
      <Text fontSize="sm" color="fg.muted" textAlign="center">
        {t('login.noAccount')}{' '}
        <Text as="span" asChild color="brand.fg" fontWeight="600" _hover={{ textDecoration: 'underline' }}>
          <Link href={SIGN_UP_HREF}>{t('login.signUp')}</Link>
        </Text>
      </Text>
    </>
  );
}
