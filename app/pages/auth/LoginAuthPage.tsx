import { Button, Spinner, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { paths } from '../../../contract/routes';
import { errorCodeOf, type ApiClientErrorCode } from '../../api/ApiRequestError';
import { authApi } from '../../api/authApi';
import { signIn } from '../../api/session';
import { AuthTitle } from './AuthTitle';
import { FormAlert } from './FormAlert';
import { ResendVerificationForm } from './ResendVerificationForm';
import { useGuestRedirect } from './useGuestRedirect';

/** A verification key is single-use: one call per key, even when React runs effects twice. */
const verifications = new Map<string, Promise<void>>();

function verifyOnce(key: string): Promise<void> {
  let run = verifications.get(key);
  if (!run) {
    run = authApi.verify(key).then((pair) => signIn(pair));
    verifications.set(key, run);
  }
  return run;
}

function Verifying({ verificationKey }: { verificationKey: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [failure, setFailure] = useState<ApiClientErrorCode | null>(null);
  useEffect(() => {
    let live = true;
    verifyOnce(verificationKey).catch((error: unknown) => live && setFailure(errorCodeOf(error)));
    return () => {
      live = false;
    };
  }, [verificationKey]);
  if (failure) {
    return (
      <Stack gap="6" data-testid="verify-failed">
        <AuthTitle title={t('verify.failed.title')}>{t('verify.failed.body')}</AuthTitle>
        {failure !== 'invalid_key' && <FormAlert>{t(`errors:${failure}`)}</FormAlert>}
        <ResendVerificationForm />
        <Button asChild colorPalette="brand" size="lg" w="full">
          <Link href={paths.login}>{t('verify.toLogin')}</Link>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="6" data-testid="verify-key" aria-busy="true">
      <AuthTitle title={t('verify.checking.title')}>{t('verify.checking.body')}</AuthTitle>
      <Spinner alignSelf="center" color="brand.600" size="lg" />
    </Stack>
  );
}

/** /login/auth/:key?: the link from the verification e-mail; a good key signs the user in. */
export default function LoginAuthPage() {
  const { t } = useTranslation('auth');
  const { key } = useParams<{ key?: string }>();
  useGuestRedirect(paths.console);
  if (key) return <Verifying verificationKey={key} />;
  return (
    <Stack gap="6" data-testid="verify-missing">
      <AuthTitle title={t('verify.missing.title')}>{t('verify.missing.body')}</AuthTitle>
      <ResendVerificationForm />
      <Button asChild colorPalette="brand" size="lg" w="full">
        <Link href={paths.login}>{t('verify.toLogin')}</Link>
      </Button>
    </Stack>
  );
}
