import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer (dialog, focus trap) loads on first open: narrow screens pay for it only when used.
const MobileDrawer = lazy(() => import('./MobileDrawer'));

/** Below 1024 px the menus move into a drawer opened from this button. */
export function MobileMenuButton({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={trigger}
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        variant="ghost"
        color={inverted ? 'white' : 'fg'}
        hideFrom="lg"
        data-testid="drawer-toggle"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} finalFocus={() => trigger.current} />
        </Suspense>
      )}
    </>
  );
}
