import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '../../../contract/apiAuth';
import { oauthStartUrl } from '../../api/authApi';

/**
 * "or" and the social sign-in buttons, only for the providers the server lists. A button leaves
 * for the server's OAuth start, which comes back to /login?oauth=<code> with the remembered path.
 */
export function LoginSocial({ providers, redirect }: { providers: readonly OAuthProvider[]; redirect: string }) {
  const { t } = useTranslation('auth');
  if (providers.length === 0) return null;
  return (
    <Stack gap="4" data-testid="social-login">
      <HStack gap="3">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">
          {t('login.or')}
        </Text>
        <Separator flex="1" />
      </HStack>
      {providers.map((provider) => (
        <Button key={provider} asChild variant="outline" w="full">
          <a href={oauthStartUrl(provider, redirect)}>{t(`login.${provider}`)}</a>
        </Button>
      ))}
    </Stack>
  );
}
