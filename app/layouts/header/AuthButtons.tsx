import { Box, Button, Stack, type StackProps } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { env } from '../../config/env';
import { auth } from '../../state/auth';

// The menu (and its recipe and texts) loads only for a signed-in user: a first visit pays nothing for it.
const AvatarMenu = lazy(() => import('./AvatarMenu'));

/**
 * Logged out: start + sign-in. Logged in: the avatar menu (profile, settings, language, logout)
 * and start console (same tab). "Start" leads to the console too; the auth guard sends a
 * logged-out visitor to sign in first.
 */
export function AuthButtons({ inverted = false, ...stack }: { inverted?: boolean } & StackProps) {
  const { t } = useTranslation('common');
  const { loggedIn } = useSnapshot(auth);
  const outline = inverted ? { color: 'white', borderColor: 'whiteAlpha.700', _hover: { bg: 'whiteAlpha.200' } } : {};
  if (loggedIn) {
    return (
      <Stack direction="row" gap="2" align="center" {...stack}>
        <Suspense fallback={<Box w="9" h="8" />}>
          <AvatarMenu inverted={inverted} />
        </Suspense>
        <Button asChild colorPalette="brand" size="sm">
          <a href={env.consoleUrl} data-testid="start-console">
            {t('auth.startConsole')}
          </a>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction="row" gap="2" {...stack}>
      <Button asChild variant="outline" size="sm" {...outline}>
        <Link href={paths.login} data-testid="sign-in">
          {t('auth.signIn')}
        </Link>
      </Button>
      <Button asChild colorPalette="brand" size="sm">
        <a href={env.consoleUrl} data-testid="start">
          {t('auth.start')}
        </a>
      </Button>
    </Stack>
  );
}
