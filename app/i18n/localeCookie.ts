import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALES,
  localizePath,
  splitLocale,
  type Locale,
} from '../../contract/routes';

/** The locale the user chose before, from the `i18n_redirected` cookie. */
export function readLocaleCookie(cookie: string = document.cookie): Locale | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && (LOCALES as readonly string[]).includes(value ?? '')) return value as Locale;
  }
  return null;
}

export function writeLocaleCookie(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/**
 * Where the page at `pathname` should be shown, or null to stay: an address without the locale
 * prefix follows the chosen locale (the cookie), or on a first visit the browser's language; an
 * `/en` address is explicit and stays English whatever the cookie says.
 */
export function localeRedirectTarget(pathname: string, wanted: Locale): string | null {
  const { locale, path } = splitLocale(pathname);
  return wanted === 'en' && locale !== 'en' ? localizePath(path, 'en') : null;
}

/** First visit only: an English browser with no cookie is sent to the English site. */
export function detectFirstVisitLocale(languages: readonly string[]): Locale {
  const first = languages[0]?.toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ko';
}
