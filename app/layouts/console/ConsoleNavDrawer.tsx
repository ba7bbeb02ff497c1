import { CloseButton, Portal } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from '../../theme/parts/drawer';
import { ConsoleNav } from './ConsoleNav';

const WIDE = '(min-width: 1024px)';
export const CONTENT_ID = 'console-nav-drawer';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  finalFocus: () => HTMLElement | null;
}

/**
 * The console navigation below 1024 px: a drawer from the start edge with the full entries. It
 * traps focus, closes on Escape, a backdrop click, a followed entry, or when the window grows
 * wide enough for the side navigation.
 */
export function ConsoleNavDrawer({ open, onOpenChange, finalFocus }: Props) {
  const { t } = useTranslation(['consoleNav', 'common']);
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE);
    const close = () => wide.matches && onOpenChange(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [open, onOpenChange]);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="start"
      size="xs"
      finalFocusEl={finalFocus}
      // The menu button's aria-controls names the content; zag finds its parts by these ids.
      ids={{ content: CONTENT_ID }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="console-nav-drawer">
            <Drawer.Header>
              <Drawer.Title>{t('drawerTitle')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="3">
              <ConsoleNav mini={false} onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common:close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
