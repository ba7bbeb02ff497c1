import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type SocialProvider = 'google' | 'naver';

/**
 * "or" and the social sign-in buttons. Rendered only for the providers that are configured;
 * the auth issue wires their SDKs and passes the list.
 */
export function LoginSocial({ providers, onSelect }: { providers: readonly SocialProvider[]; onSelect?: (provider: SocialProvider) => void }) {
  const { t } = useTranslation('auth');
  if (providers.length === 0) return null;
  return (
    <Stack gap="4" data-testid="social-login">
      <HStack gap="3">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">{t('login.or')}</Text>
        <Separator flex="1" />
      </HStack>
      {providers.map((provider) => (
        <Button key={provider} variant="outline" w="full" onClick={() => onSelect?.(provider)}>
          {t(`login.${provider}`)}
        </Button>
      ))}
    </Stack>
  );
}
