import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { paths } from '../../../contract/routes';
import { List } from '../../theme/parts/list';
import { AuthTitle } from './AuthTitle';

const STEPS = ['open', 'click', 'spam'] as const;

/** With a key: the link from the verification e-mail was opened. */
function Verifying() {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthTitle title={t('verify.checking.title')}>{t('verify.checking.body')}</AuthTitle>
      <Button asChild colorPalette="brand" size="lg" w="full">
        <Link href={paths.login}>{t('verify.toLogin')}</Link>
      </Button>
    </>
  );
}

/** Without a key: right after sign-up, waiting for the user to open the e-mail. */
function CheckInbox() {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthTitle title={t('verify.inbox.title')}>{t('verify.inbox.body')}</AuthTitle>
      <List.Root as="ol" gap="2" ps="5" listStyleType="decimal">
        {STEPS.map((step) => (
          <List.Item key={step}>{t(`verify.inbox.steps.${step}`)}</List.Item>
        ))}
      </List.Root>
      <Stack gap="2">
        <Button variant="outline" w="full" disabled aria-describedby="resend-hint">{t('verify.inbox.resend')}</Button>
        <Text id="resend-hint" fontSize="sm" color="fg.muted">{t('verify.inbox.resendHint')}</Text>
      </Stack>
      <Button asChild colorPalette="brand" size="lg" w="full">
        <Link href={paths.login}>{t('verify.toLogin')}</Link>
      </Button>
    </>
  );
}

/** /login/auth/:key?: e-mail verification (layout only until the account service is connected). */
export default function LoginAuthPage() {
  const { key } = useParams<{ key?: string }>();
  return (
    <Stack gap="6" data-testid={key ? 'verify-key' : 'verify-inbox'}>
      {key ? <Verifying /> : <CheckInbox />}
    </Stack>
  );
}
