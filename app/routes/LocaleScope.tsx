import { use, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../contract/routes';

// One pending language change per locale, so Suspense can wait on it without re-triggering.
const switching = new Map<Locale, Promise<unknown>>();

/** Puts i18next and `<html lang>` in the locale of the URL (no prefix: ko, /en: en). */
export function LocaleScope({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { i18n } = useTranslation();
  if (i18n.resolvedLanguage !== locale && i18n.language !== locale) {
    let pending = switching.get(locale);
    if (!pending) {
      pending = i18n.changeLanguage(locale).finally(() => switching.delete(locale));
      switching.set(locale, pending);
    }
    use(pending);
  }
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return children;
}
