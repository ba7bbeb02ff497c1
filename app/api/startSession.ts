import { clearBogusToken, getAccessToken, TOKEN_KEY } from './tokenStorage';

const bootstrap = () => import('./session').then((m) => m.bootstrapSession());

/**
 * Starts the session after first paint without making a signed-out visitor download it: the
 * session code (API client, zod schemas, GET auth/user) loads at once only when a token is
 * stored, otherwise when another tab stores one. Pages that need the session (login, console)
 * import it themselves; the bootstrap runs once whoever asks first.
 */
export function startSession(load: () => Promise<unknown> = bootstrap): void {
  clearBogusToken();
  if (getAccessToken()) {
    void load();
    return;
  }
  const onStorage = (event: StorageEvent) => {
    if ((event.key !== TOKEN_KEY && event.key !== null) || !getAccessToken()) return;
    window.removeEventListener('storage', onStorage);
    void load();
  };
  window.addEventListener('storage', onStorage);
}
