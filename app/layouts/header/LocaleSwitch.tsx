import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { localizePath, type Locale } from '../../../contract/routes';
import { writeLocaleCookie } from '../../i18n/localeCookie';

/**
 * Switches between Korean and English on the same page. The choice is kept in the
 * `i18n_redirected` cookie so later visits are not redirected by browser language.
 */
export function LocaleSwitch({ inverted = false, onSwitch }: { inverted?: boolean; onSwitch?: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [location, navigate] = useLocation();
  const search = useSearch();
  const target: Locale = i18n.language === 'en' ? 'ko' : 'en';
  const to = localizePath(location, target) + (search ? `?${search}` : '');
  return (
    <Button
      variant="ghost"
      size="sm"
      color={inverted ? 'white' : undefined}
      lang={target}
      data-testid="locale-switch"
      aria-label={t('locale.switchTo')}
      onClick={() => {
        writeLocaleCookie(target);
        onSwitch?.();
        navigate(`~${to}`);
      }}
    >
      {t(`locale.${target}`)}
    </Button>
  );
}
