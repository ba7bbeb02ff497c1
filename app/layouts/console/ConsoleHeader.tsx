import { Box, Flex, IconButton } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { StrokeIcon } from '../../components/StrokeIcon';
import AvatarMenu from '../header/AvatarMenu';
import { Logo } from '../header/Logo';
import { OrganizationSwitcher } from '../../pages/console/organization/OrganizationSwitcher';
import { CONTENT_ID } from './ConsoleNavDrawer';
import { NAV_ICONS } from './navIcons';

/** The console header's height; the studio and the sticky side navigation size themselves from it. */
export const CONSOLE_HEADER_HEIGHT = '3.5rem';

interface Props {
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  menuButton: RefObject<HTMLButtonElement | null>;
}

/**
 * The console's slim header: the navigation drawer's button (below 1024 px), the logo (to the
 * home page), the organization switcher and the avatar menu. No marketing menus.
 */
export function ConsoleHeader({ drawerOpen, onOpenDrawer, menuButton }: Props) {
  const { t } = useTranslation('consoleNav');
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h="var(--console-header-h)"
      bg="bg"
      borderBottomWidth="1px"
      align="center"
      gap={{ base: '2', md: '4' }}
      px={{ base: '2', md: '4' }}
      data-testid="console-header"
    >
      <IconButton
        ref={menuButton}
        variant="ghost"
        size="sm"
        hideFrom="lg"
        aria-label={t('openNav')}
        aria-expanded={drawerOpen}
        aria-controls={CONTENT_ID}
        onClick={onOpenDrawer}
        data-testid="console-nav-toggle"
      >
        <StrokeIcon path={NAV_ICONS.menu} size={22} />
      </IconButton>
      <Logo compact />
      <Box minW="0" flexShrink="1" data-testid="org-switcher-slot">
        <OrganizationSwitcher />
      </Box>
      <Box flex="1" />
      <AvatarMenu />
    </Flex>
  );
}
