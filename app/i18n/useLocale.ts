import { useTranslation } from 'react-i18next';
import { localizePath, type Locale } from '../../contract/routes';

/**
 * The current page locale, a helper that turns a locale-free path into an absolute href, and the
 * home link for wouter (`~/en`, not `/en/`, which a plain `href="/"` gives inside the /en router).
 */
export function useLocale(): { locale: Locale; to: (path: string) => string; homeHref: string } {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ko';
  return { locale, to: (path: string) => localizePath(path, locale), homeHref: `~${localizePath('/', locale)}` };
}
