import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { authApi } from '../../api/authApi';
import { errorCodeOf } from '../../api/ApiRequestError';
import { useLocale } from '../../i18n/useLocale';
import { List } from '../../theme/parts/list';
import { AuthTitle } from './AuthTitle';
import { FormAlert } from './FormAlert';

const STEPS = ['open', 'click', 'spam'] as const;

/** After sign-up: the verification mail went out; open it, or have it sent again. */
export function CheckInbox({ email }: { email: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const { locale } = useLocale();
  const [state, setState] = useState<{ busy: boolean; sent: boolean; error: string | null }>({
    busy: false,
    sent: false,
    error: null,
  });
  const resend = async () => {
    setState({ busy: true, sent: false, error: null });
    try {
      await authApi.resendVerification(email, locale);
      setState({ busy: false, sent: true, error: null });
    } catch (error) {
      setState({ busy: false, sent: false, error: `errors:${errorCodeOf(error)}` });
    }
  };
  return (
    <Stack gap="6" data-testid="verify-inbox">
      <AuthTitle title={t('verify.inbox.title')}>{t('verify.inbox.body', { email })}</AuthTitle>
      <List.Root as="ol" gap="2" ps="5" listStyleType="decimal">
        {STEPS.map((step) => (
          <List.Item key={step}>{t(`verify.inbox.steps.${step}`)}</List.Item>
        ))}
      </List.Root>
      {state.sent && <FormAlert status="success">{t('verify.inbox.resent')}</FormAlert>}
      {state.error && <FormAlert>{t(state.error)}</FormAlert>}
      <Button variant="outline" w="full" loading={state.busy} onClick={() => void resend()}>
        {t('verify.inbox.resend')}
      </Button>
      <Button asChild colorPalette="brand" size="lg" w="full">
        <Link href={paths.login}>{t('verify.toLogin')}</Link>
      </Button>
    </Stack>
  );
}
