import { localizePath, paths, splitLocale } from '../../contract/routes';

/** The query parameter of /login that remembers where a signed-out visitor was going. */
export const REDIRECT_PARAM = 'redirect';

/**
 * A remembered path that is safe to go to: a locale-free path on this site. Anything else
 * (another origin, `//host`, a backslash trick, the login pages themselves) gives null, so a
 * crafted link cannot send a user elsewhere after signing in.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const { path } = splitLocale(value.split(/[?#]/)[0] ?? '/');
  if (path === paths.login || path.startsWith(`${paths.login}/`)) return null;
  const rest = value.slice(value.split(/[?#]/)[0]!.length);
  return path + rest;
}

/** The locale-free /login address that remembers `target` (a locale-free path with its query). */
export function loginHref(target: string | null): string {
  const safe = safeRedirect(target);
  return safe && safe !== '/' ? `${paths.login}?${REDIRECT_PARAM}=${encodeURIComponent(safe)}` : paths.login;
}

/** The localized /login address for the page the browser is on now (used outside React). */
export function loginHrefFromLocation(loc: Pick<Location, 'pathname' | 'search'> = window.location): string {
  const { locale, path } = splitLocale(loc.pathname);
  return localizePath(loginHref(path + loc.search), locale);
}

/** Where to go after signing in: the remembered path, or `fallback`. */
export function redirectTarget(search: string, fallback: string): string {
  return safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM)) ?? fallback;
}
