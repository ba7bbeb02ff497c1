import { useTranslation } from 'react-i18next';
import { localizePath, type Locale } from '../../contract/routes';

/** The current page locale and a helper that turns a locale-free path into an absolute href. */
export function useLocale(): { locale: Locale; to: (path: string) => string } {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ko';
  return { locale, to: (path: string) => localizePath(path, locale) };
}
