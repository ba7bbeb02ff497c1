import { Box, CloseButton, Portal, Stack, Text } from '@chakra-ui/react';
import { Drawer } from '../../theme/parts/drawer';
import { useTranslation } from 'react-i18next';
import { headerMenus } from '../../config/navigation';
import { DrawerAccount } from './DrawerAccount';
import { LocaleSwitch } from './LocaleSwitch';
import { MenuLink } from './MenuLink';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  finalFocus: () => HTMLElement | null;
}

/** The menu drawer of narrow screens: every header menu, the locale switch and the account part. */
export default function MobileDrawer({ open, onOpenChange, finalFocus }: Props) {
  const { t } = useTranslation('common');
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="end"
      size="xs"
      finalFocusEl={finalFocus}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="drawer">
            <Drawer.Header>
              <Drawer.Title>{t('nav.menu')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label={t('nav.main')} gap="6">
                {headerMenus.map((menu) => (
                  <Box key={menu.key}>
                    <Text fontWeight="700" mb="2" color="fg.muted" fontSize="sm">
                      {t(menu.key)}
                    </Text>
                    <Stack gap="1">
                      {menu.links.map((link) => (
                        <Box
                          key={link.key}
                          asChild
                          display="block"
                          py="1.5"
                          px="2"
                          rounded="md"
                          _hover={{ bg: 'bg.muted' }}
                        >
                          <MenuLink link={link} label={t(link.key)} onNavigate={close} />
                        </Box>
                      ))}
                    </Stack>
                  </Box>
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer flexDirection="column" alignItems="stretch" gap="4">
              <Box>
                <LocaleSwitch onSwitch={close} />
              </Box>
              <DrawerAccount onNavigate={close} />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
