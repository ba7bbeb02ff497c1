import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { API_ERROR_CODES, type ApiErrorCode } from '../../../contract/apiErrors';
import { ApiRequestError } from '../../api/ApiRequestError';
import { authApi } from '../../api/authApi';
import { signIn } from '../../api/session';

/** One exchange per one-time code, even when React runs the effect twice (StrictMode). */
const exchanges = new Map<string, Promise<void>>();

/** `/login?oauthError=<code>`: the server's callback refused the sign-in; only known codes are shown. */
function callbackError(value: string | null): ApiErrorCode | null {
  return value && (API_ERROR_CODES as readonly string[]).includes(value)
    ? (value as ApiErrorCode)
    : value
      ? 'oauth_failed'
      : null;
}

/**
 * /login?oauth=<one-time code>: the server's OAuth callback came back here; trade the code for
 * a token pair (POST auth/oauth/exchange) and sign in. The guest redirect then moves on.
 * /login?oauthError=<code>: the callback failed; the code is shown as the error.
 */
export function useOAuthExchange(): { busy: boolean; error: ApiRequestError['code'] | null } {
  const params = new URLSearchParams(useSearch());
  const key = params.get('oauth');
  const refused = callbackError(params.get('oauthError'));
  const [state, setState] = useState<{ busy: boolean; error: ApiRequestError['code'] | null }>({
    busy: !!key,
    error: refused,
  });
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
      (error: unknown) =>
        live && setState({ busy: false, error: error instanceof ApiRequestError ? error.code : 'oauth_failed' }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
