import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { localizePath, type Locale } from '../../../contract/routes';
import { writeLocaleCookie } from '../../i18n/localeCookie';

/**
 * Moves to the same page (path and query) in another locale, remembering the choice in the
 * `i18n_redirected` cookie so later visits are not redirected by browser language.
 */
export function useSwitchLocale(): (target: Locale) => void {
  const [location, navigate] = useLocation();
  const search = useSearch();
  return (target) => {
    writeLocaleCookie(target);
    navigate(`~${localizePath(location, target)}${search ? `?${search}` : ''}`);
  };
}

/** Switches between Korean and English on the same page. */
export function LocaleSwitch({ inverted = false, onSwitch }: { inverted?: boolean; onSwitch?: () => void }) {
  const { t, i18n } = useTranslation('common');
  const switchLocale = useSwitchLocale();
  const target: Locale = i18n.language === 'en' ? 'ko' : 'en';
  return (
    <Button
      variant="ghost"
      size="sm"
      color={inverted ? 'white' : undefined}
      lang={target}
      data-testid="locale-switch"
      aria-label={t('locale.switchTo')}
      onClick={() => {
        onSwitch?.();
        switchLocale(target);
      }}
    >
      {t(`locale.${target}`)}
    </Button>
  );
}
