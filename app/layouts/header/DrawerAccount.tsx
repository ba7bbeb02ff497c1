import { Box, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { env } from '../../config/env';
import { auth } from '../../state/auth';
import { accountLinks, logout } from './accountLinks';
import { AuthButtons } from './AuthButtons';
import { UserBadge } from './UserBadge';

/**
 * The account part of the narrow-screen drawer: signed out, the sign-in and start buttons;
 * signed in, the avatar menu's contents laid out flat (who, their pages, logout) and start console.
 */
export function DrawerAccount({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation(['consoleNav', 'common']);
  const { user } = useSnapshot(auth);
  const [, navigate] = useLocation();
  if (!user) return <AuthButtons />;
  return (
    <Stack gap="3" w="full" data-testid="drawer-account">
      <UserBadge name={user.name} email={user.email} src={user.avatar} />
      <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
        {accountLinks(user.email).map((link) => (
          <li key={link.key}>
            <Box asChild display="block" py="1.5" px="2" rounded="md" _hover={{ bg: 'bg.muted' }}>
              <Link href={link.href} onClick={onNavigate} data-testid={`drawer-account-${link.key}`}>
                {t(link.key)}
              </Link>
            </Box>
          </li>
        ))}
      </Stack>
      <Stack direction="row" gap="2">
        <Button
          variant="outline"
          size="sm"
          data-testid="drawer-logout"
          onClick={() => {
            onNavigate();
            navigate('/');
            void logout();
          }}
        >
          {t('account.logout')}
        </Button>
        <Button asChild colorPalette="brand" size="sm">
          <a href={env.consoleUrl}>{t('common:auth.startConsole')}</a>
        </Button>
      </Stack>
    </Stack>
  );
}
