import { Box, Button, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { LOCALES, type Locale } from '../../../contract/routes';
import { StrokeIcon } from '../../components/StrokeIcon';
import { auth } from '../../state/auth';
import { Menu } from '../../theme/parts/menu';
import { NAV_ICONS } from '../console/navIcons';
import { accountLinks, logout } from './accountLinks';
import { useSwitchLocale } from './LocaleSwitch';
import { UserBadge, UserCircle } from './UserBadge';

const LINK_ICONS = { profile: 'profile', mySettings: 'mySettings', organization: 'organization' } as const;

/**
 * The signed-in user's menu (console header and public header): who is signed in, their profile,
 * My settings, Organization, the language (the same page in the other locale) and logout, which
 * lands on the home page. A menu button: arrow keys move, Escape closes and returns focus.
 */
export default function AvatarMenu({ inverted = false, showName = true }: { inverted?: boolean; showName?: boolean }) {
  const { t, i18n } = useTranslation(['consoleNav', 'common']);
  const { user } = useSnapshot(auth);
  const [, navigate] = useLocation();
  const switchLocale = useSwitchLocale();
  if (!user) return null;
  const current: Locale = i18n.language === 'en' ? 'en' : 'ko';
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          px="1.5"
          gap="2"
          maxW={{ base: '12', md: '56' }}
          color={inverted ? 'white' : undefined}
          _hover={inverted ? { bg: 'whiteAlpha.200' } : undefined}
          aria-label={t('account.open', { name: user.name })}
          data-testid="avatar-menu"
        >
          <UserCircle name={user.name} email={user.email} src={user.avatar} size={30} />
          {showName && (
            <Text as="span" truncate hideBelow="md" data-testid="header-user-name">
              {user.name}
            </Text>
          )}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60" data-testid="avatar-menu-content">
            {/* Not an item: a menu may own only items, groups and separators (the trigger names the user). */}
            <Box px="2" py="2" role="presentation">
              <UserBadge name={user.name} email={user.email} src={user.avatar} />
            </Box>
            <Menu.Separator />
            {accountLinks(user.email).map((link) => (
              <Menu.Item key={link.key} value={link.key} asChild>
                <Link href={link.href} data-testid={`account-${link.key}`}>
                  <StrokeIcon path={NAV_ICONS[LINK_ICONS[link.key]]} size={18} />
                  {t(link.key)}
                </Link>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.RadioItemGroup
              value={current}
              onValueChange={(e) => {
                const target = LOCALES.find((locale) => locale === e.value);
                if (target && target !== current) switchLocale(target);
              }}
            >
              <Menu.ItemGroupLabel>{t('account.language')}</Menu.ItemGroupLabel>
              {LOCALES.map((locale) => (
                <Menu.RadioItem key={locale} value={locale} lang={locale} data-testid={`account-locale-${locale}`}>
                  {t(`common:locale.${locale}`)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.Item
              value="logout"
              data-testid="logout"
              onSelect={() => {
                // Leave the page first: a console page would otherwise send the signed-out user to /login.
                navigate('/');
                void logout();
              }}
            >
              <StrokeIcon path={NAV_ICONS.logout} size={18} />
              {t('account.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
