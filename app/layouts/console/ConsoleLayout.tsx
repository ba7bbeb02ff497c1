import { Box, Flex, IconButton } from '@chakra-ui/react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { StrokeIcon } from '../../components/StrokeIcon';
import { ConsoleScope } from '../../pages/console/ConsoleScope';
import { ensureUiPersisted } from '../../state/persistUi';
import { setMiniNav, ui } from '../../state/ui';
import { SkipLink } from '../SkipLink';
import { CONSOLE_HEADER_HEIGHT, ConsoleHeader } from './ConsoleHeader';
import { ConsoleNav } from './ConsoleNav';
import { ConsoleNavDrawer } from './ConsoleNavDrawer';
import { NAV_ICONS } from './navIcons';

// The collapsed navigation is restored before the first paint, so a reload does not flash it open.
ensureUiPersisted();

function SideNav() {
  const { t } = useTranslation('consoleNav');
  const { miniNav } = useSnapshot(ui);
  return (
    <Flex
      as="aside"
      hideBelow="lg"
      direction="column"
      flexShrink="0"
      w={miniNav ? '16' : '60'}
      position="sticky"
      top="var(--console-header-h)"
      h="calc(100dvh - var(--console-header-h))"
      borderEndWidth="1px"
      bg="bg.subtle"
      transition="width 0.15s"
      data-testid="console-sidebar"
      data-mini={miniNav}
    >
      <Box flex="1" overflowY="auto" overflowX="hidden" px="2" py="3" id="console-side-nav">
        <ConsoleNav mini={miniNav} />
      </Box>
      <Flex borderTopWidth="1px" p="2" justify={miniNav ? 'center' : 'flex-end'}>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={miniNav ? t('expand') : t('collapse')}
          aria-expanded={!miniNav}
          aria-controls="console-side-nav"
          title={miniNav ? t('expand') : t('collapse')}
          onClick={() => setMiniNav(!miniNav)}
          data-testid="nav-collapse"
        >
          <StrokeIcon path={miniNav ? NAV_ICONS.expand : NAV_ICONS.collapse} size={20} />
        </IconButton>
      </Flex>
    </Flex>
  );
}

function ConsoleFrame({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const finalFocus = useCallback(() => menuButton.current, []);
  return (
    <Box minH="100dvh" css={{ '--console-header-h': CONSOLE_HEADER_HEIGHT }} data-testid="console-layout">
      <SkipLink />
      <ConsoleHeader drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} menuButton={menuButton} />
      <Flex align="stretch">
        <SideNav />
        <Box as="main" id="main" tabIndex={-1} flex="1" minW="0" _focus={{ outline: 'none' }}>
          {children}
        </Box>
      </Flex>
      <ConsoleNavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} finalFocus={finalFocus} />
    </Box>
  );
}

/**
 * The console's application frame, for every /console page: a slim header (logo, organization
 * switcher, avatar menu), a side navigation that collapses to icons (kept across reloads) and
 * becomes a drawer below 1024 px, and no marketing footer. It is its own lazy chunk holding
 * ConsoleScope (auth guard, server-data cache, toaster), so public pages never load any of it.
 */
export default function ConsoleLayout({ children }: { children?: ReactNode }) {
  return (
    <ConsoleScope>
      <ConsoleFrame>{children}</ConsoleFrame>
    </ConsoleScope>
  );
}
