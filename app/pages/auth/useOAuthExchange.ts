import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { ApiRequestError } from '../../api/ApiRequestError';
import { authApi } from '../../api/authApi';
import { signIn } from '../../api/session';

/** One exchange per one-time code, even when React runs the effect twice (StrictMode). */
const exchanges = new Map<string, Promise<void>>();

/**
 * /login?oauth=<one-time code>: the server's OAuth callback came back here; trade the code for
 * a token pair (POST auth/oauth/exchange) and sign in. The guest redirect then moves on.
 */
export function useOAuthExchange(): { busy: boolean; error: ApiRequestError['code'] | null } {
  const key = new URLSearchParams(useSearch()).get('oauth');
  const [state, setState] = useState<{ busy: boolean; error: ApiRequestError['code'] | null }>({ busy: !!key, error: null });
  useEffect(() => {
    if (!key) return;
    let live = true;
    let run = exchanges.get(key);
    if (!run) {
      run = authApi.oauthExchange(key).then((pair) => signIn(pair));
      exchanges.set(key, run);
    }
    run.then(
      () => live && setState({ busy: false, error: null }),
      (error: unknown) => live && setState({ busy: false, error: error instanceof ApiRequestError ? error.code : 'oauth_failed' }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
