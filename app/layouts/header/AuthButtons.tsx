import { Button, Stack, type StackProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../contract/routes';
import { env } from '../../config/env';
import { auth } from '../../state/auth';

/** Logout (POST auth/logout, then clear tokens and user data); its code loads on click. */
async function logout(): Promise<void> {
  const session = await import('../../api/session');
  await session.logout();
}

/**
 * Logged out: start + sign-in. Logged in: logout + start console (same tab).
 * "Start" leads to the console too; the auth guard sends a logged-out visitor to sign in first.
 */
export function AuthButtons({ inverted = false, ...stack }: { inverted?: boolean } & StackProps) {
  const { t } = useTranslation('common');
  const { loggedIn } = useSnapshot(auth);
  const [, navigate] = useLocation();
  const outline = inverted ? { color: 'white', borderColor: 'whiteAlpha.700', _hover: { bg: 'whiteAlpha.200' } } : {};
  if (loggedIn) {
    return (
      <Stack direction="row" gap="2" {...stack}>
        <Button
          variant="outline"
          size="sm"
          {...outline}
          onClick={() => void logout().then(() => navigate('/'))}
          data-testid="logout"
        >
          {t('auth.logout')}
        </Button>
        <Button asChild colorPalette="brand" size="sm">
          <a href={env.consoleUrl}>{t('auth.startConsole')}</a>
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
