import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Shown while a page chunk or its texts load (React keeps it up long enough not to flash). */
export function PageFallback() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Center minH="50vh" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.600" />
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('loading', { defaultValue: '…' })}
      </span>
    </Center>
  );
}
