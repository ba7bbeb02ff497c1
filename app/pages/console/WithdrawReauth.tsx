import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/routes';
import { authApi, oauthStartUrl } from '../../api/authApi';
import { useLocale } from '../../i18n/useLocale';
import { Alert } from '../../theme/parts/alert';

/**
 * For an account without a password: a sign-in with Google or Naver (the server allows the
 * withdrawal for 10 minutes after it), which comes back to this section. `asked`: the server has
 * just refused for want of a fresh sign-in.
 */
export function WithdrawReauth({ asked }: { asked: boolean }) {
  const { t } = useTranslation(['withdraw', 'errors']);
  const { to } = useLocale();
  const providers = useQuery({ queryKey: ['auth', 'oauthProviders'], queryFn: authApi.oauthProviders });
  // The localized path, so that the provider's round trip comes back in this language.
  const back = `${to(paths.consoleSettings)}#withdraw-title`;
  const list = providers.data ?? [];
  return (
    <Stack gap="3" data-testid="withdraw-reauth">
      {asked && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('errors:reauth_required')}</Alert.Title>
        </Alert.Root>
      )}
      <Text>{providers.isSuccess && list.length === 0 ? t('withdraw:socialNone') : t('withdraw:socialHelp')}</Text>
      <HStack gap="3" wrap="wrap">
        {list.map((provider) => (
          <Button key={provider} asChild variant="outline">
            <a href={oauthStartUrl(provider, back)}>
              {t('withdraw:socialAgain', { provider: t(`withdraw:provider.${provider}`) })}
            </a>
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}
