/**
 * The page to return to after sign-in, if `value` is a same-site relative path; '/' otherwise.
 * Refuses protocol-relative (`//evil`, `/\evil`), schemes, control characters and anything the
 * URL parser would move to another origin.
 */
export function safeRedirectPath(value: string | undefined | null): string {
  if (!value || value.length > 512) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  const base = 'http://same.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/en/...` pages are English; everything else is the Korean default. */
export function localeOfPath(path: string): 'ko' | 'en' {
  return path === '/en' || path.startsWith('/en/') || path.startsWith('/en?') ? 'en' : 'ko';
}
