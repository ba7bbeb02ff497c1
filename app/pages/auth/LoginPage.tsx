import { Button, chakra, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { loginRequestSchema, type OAuthProvider } from '../../../contract/apiAuth';
import { paths } from '../../../contract/routes';
import { ApiRequestError } from '../../api/ApiRequestError';
import { authApi } from '../../api/authApi';
import { schemaFieldErrors, type FieldErrors } from '../../api/formErrors';
import { signIn } from '../../api/session';
import { useLocale } from '../../i18n/useLocale';
import { ui } from '../../state/ui';
import { Field } from '../../theme/parts/field';
import { AuthTitle } from './AuthTitle';
import { Captcha } from './Captcha';
import { FormAlert } from './FormAlert';
import { loginFailed, loginSucceeded } from './loginLock';
import { LoginSocial } from './LoginSocial';
import { PasswordInput } from './PasswordInput';
import { retryAfterText } from './retryAfter';
import { useGuestRedirect } from './useGuestRedirect';
import { useOAuthExchange } from './useOAuthExchange';

/** The reset request page (the pattern without its optional key). */
const RESET_HREF = paths.loginReset.replace(/\/:key\?$/, '');

interface FormError {
  code: ApiRequestError['code'];
  retryAfterS?: number | undefined;
}

/** /login: e-mail and password, the captcha after repeated failures, and social sign-in. */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const { locale } = useLocale();
  const target = useGuestRedirect('/');
  const search = useSearch();
  const { loginLockStatus } = useSnapshot(ui);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaTry, setCaptchaTry] = useState(0);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  const oauth = useOAuthExchange();
  const resetDone = new URLSearchParams(search).get('reset') === 'done';

  useEffect(() => {
    let live = true;
    authApi.oauthProviders().then(
      (list) => live && setProviders(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = schemaFieldErrors(loginRequestSchema, { email, password });
    setFields(next);
    setFormError(null);
    setResent(false);
    if (Object.keys(next).length > 0) return;
    if (loginLockStatus.captchaActive && !captcha) {
      setCaptchaMissing(true);
      return;
    }
    setCaptchaMissing(false);
    setBusy(true);
    try {
      const pair = await authApi.login({ email, password, ...(captcha ? { captcha } : {}) });
      loginSucceeded();
      await signIn(pair);
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : new ApiRequestError({ status: 0, code: 'internal' });
      const failedTry =
        apiError.code === 'invalid_credentials' ||
        apiError.code === 'captcha_required' ||
        apiError.code === 'captcha_invalid';
      if (failedTry || apiError.captchaRequired)
        loginFailed(apiError.captchaRequired || apiError.code !== 'invalid_credentials');
      if (Object.keys(apiError.fields).length > 0) setFields(apiError.fields);
      else setFormError({ code: apiError.code, retryAfterS: apiError.retryAfterS });
      // A captcha payload is good for one try only.
      setCaptchaTry((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    await authApi.resendVerification(email, locale).then(
      () => setResent(true),
      () => undefined,
    );
  };

  return (
    <>
      <AuthTitle title={t('login.title')}>{t('login.description')}</AuthTitle>
      {resetDone && <FormAlert status="success">{t('login.resetDone')}</FormAlert>}
      {oauth.busy && <FormAlert status="info">{t('login.oauthSigningIn')}</FormAlert>}
      {oauth.error && <FormAlert>{t(`errors:${oauth.error}`)}</FormAlert>}
      <chakra.form onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
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
          <Field.Root invalid={!!fields.password} required>
            <Field.Label>{t('login.password')}</Field.Label>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {fields.password && <Field.ErrorText>{t(fields.password)}</Field.ErrorText>}
          </Field.Root>
          {loginLockStatus.captchaActive && (
            <Stack gap="1">
              <Captcha
                onSolved={(payload) => {
                  setCaptcha(payload);
                  if (payload) setCaptchaMissing(false);
                }}
                resetKey={captchaTry}
                invalid={captchaMissing}
              />
              {captchaMissing && (
                <Text color="fg.error" fontSize="sm" role="alert">
                  {t('captcha.required')}
                </Text>
              )}
            </Stack>
          )}
          {formError && (
            <FormAlert testId="login-error">
              <Stack gap="1">
                <span>{t(`errors:${formError.code}`)}</span>
                {formError.code === 'too_many_attempts' && formError.retryAfterS ? (
                  <span>{retryAfterText(t, formError.retryAfterS)}</span>
                ) : null}
                {formError.code === 'email_unverified' && !resent && (
                  <Button
                    variant="plain"
                    size="sm"
                    p="0"
                    h="auto"
                    justifyContent="start"
                    textDecoration="underline"
                    onClick={() => void resend()}
                  >
                    {t('login.resend')}
                  </Button>
                )}
              </Stack>
            </FormAlert>
          )}
          {resent && <FormAlert status="success">{t('login.resent')}</FormAlert>}
          <Stack direction="row" justify="flex-end">
            <Text asChild fontSize="sm" color="brand.fg" fontWeight="500" _hover={{ textDecoration: 'underline' }}>
              <Link href={RESET_HREF}>{t('login.forgot')}</Link>
            </Text>
          </Stack>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            w="full"
            loading={busy}
            loadingText={t('login.submitting')}
          >
            {t('login.submit')}
          </Button>
        </Stack>
      </chakra.form>
      <LoginSocial providers={providers} redirect={target} />
      <Text fontSize="sm" color="fg.muted" textAlign="center">
        {t('login.noAccount')}{' '}
        <Text as="span" asChild color="brand.fg" fontWeight="600" _hover={{ textDecoration: 'underline' }}>
          <Link href={paths.loginSignup + (search ? `?${search}` : '')}>{t('login.signUp')}</Link>
        </Text>
      </Text>
    </>
  );
}
