import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLocale } from '../../i18n/useLocale';

/** Product mark and name (the name hidden on narrow screens when `compact`); links home in the current locale. */
export function Logo({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  const { t } = useTranslation('common');
  const { homeHref } = useLocale();
  return (
    <Link href={homeHref} aria-label={t('homeLabel')}>
      <HStack gap="2" color={inverted ? 'white' : 'fg'}>
        <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="#1e88e5" />
          <path
            d="M7 22V10l5 7 4-6 4 6 5-7v12"
            fill="none"
            stroke="white"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Text as="span" fontWeight="800" fontSize="xl" letterSpacing="-0.02em" hideBelow={compact ? 'md' : undefined}>
          {t('brand')}
        </Text>
      </HStack>
    </Link>
  );
}
