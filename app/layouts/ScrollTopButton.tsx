import { IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../state/ui';

/** Floating button shown after 700 px of scroll; returns to the top smoothly. */
export function ScrollTopButton() {
  const { showTopBtn } = useSnapshot(ui);
  const { t } = useTranslation('common');
  if (!showTopBtn) return null;
  return (
    <IconButton
      aria-label={t('scrollTop')}
      data-testid="scroll-top"
      position="fixed"
      right={{ base: '4', md: '8' }}
      bottom={{ base: '6', md: '10' }}
      zIndex="sticky"
      rounded="full"
      size="lg"
      colorPalette="brand"
      shadow="lg"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path fill="currentColor" d="M12 7.4 4.7 14.7l1.4 1.4L12 10.2l5.9 5.9 1.4-1.4z" />
      </svg>
    </IconButton>
  );
}
