import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { keyRequestSchema, OAUTH_PROVIDERS, type OAuthProvider } from '../../contract/apiAuth';
import type { ApiErrorCode } from '../../contract/apiErrors';
import { consumeOneTimeKey, createOneTimeKey } from '../auth/oneTimeKeys';
import { issueTokenPair } from '../auth/refreshTokens';
import type { AppContext, AppEnv } from '../context';
import { ApiError } from '../http/ApiError';
import { jsonBody } from '../http/validate';
import { guardedFetch } from '../oauth/guardedFetch';
import { linkOAuthUser } from '../oauth/linkOAuthUser';
import type { OAuthProfile } from '../oauth/oauthProfile';
import { enabledOAuthProviders, type OAuthProviderConfig } from '../oauth/oauthProviders';
import { consumeOAuthState, createOAuthState, OAUTH_STATE_TTL_S } from '../oauth/oauthStates';
import { localeOfPath, safeRedirectPath } from '../oauth/safeRedirectPath';

/** Ties a callback to the browser that started the sign-in (no login CSRF with a stolen callback URL). */
const BROWSER_COOKIE = 'maru_oauth';
const COOKIE_PATH = '/api/auth/oauth';

const tokenResponseSchema = z.object({ access_token: z.string().min(1).max(4096) });

/** A refused sign-in: the login page shows `errors:<code>`. */
class OAuthRefusal extends Error {
  constructor(
    readonly code: Extract<ApiErrorCode, 'oauth_failed' | 'email_unverified'>,
    message: string,
  ) {
    super(message);
  }
}

const isProvider = (p: string): p is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(p);

/**
 * Google and Naver sign-in with the OAuth 2.0 authorization code flow (contract/apiAuth.ts).
 * start → the provider's screens → callback (state, code → token → userinfo → account) → the
 * login page with a one-time key, which the client trades for a token pair at exchange.
 */
export function createOAuthRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const providers = enabledOAuthProviders(ctx.config);
  const publicUrl = ctx.config.PUBLIC_URL;
  const secureCookie = publicUrl.startsWith('https:');
  const fetchOptions = { allowHttpLoopback: ctx.config.OAUTH_ALLOW_HTTP_LOOPBACK };

  const callbackUrl = (p: OAuthProvider) => `${publicUrl}/api/auth/oauth/${p}/callback`;
  const loginUrl = (redirectPath: string, params: Record<string, string>) =>
    `${publicUrl}${localeOfPath(redirectPath) === 'en' ? '/en' : ''}/login?${new URLSearchParams(params).toString()}`;

  // `providers` shares the parameter's place: Hono's fast RegExpRouter refuses a literal segment
  // beside a parameter, and one such pair sends every request of the app through its slower trie router.
  r.get('/oauth/:provider', (c) => {
    if (c.req.param('provider') !== 'providers') throw new ApiError('not_found', 'No such API route');
    return c.json([...providers.keys()]);
  });

  r.get('/oauth/:provider/start', async (c) => {
    const key = c.req.param('provider');
    const redirectPath = safeRedirectPath(c.req.query('redirect'));
    const provider = isProvider(key) ? providers.get(key) : undefined;
    if (!provider) return c.redirect(loginUrl(redirectPath, { oauthError: 'oauth_failed' }), 302);
    const { state, browserSecret, codeChallenge } = await createOAuthState(
      ctx.db,
      provider.key,
      redirectPath,
      ctx.now(),
    );
    setCookie(c, BROWSER_COOKIE, browserSecret, {
      path: COOKIE_PATH,
      httpOnly: true,
      secure: secureCookie,
      sameSite: 'Lax',
      maxAge: OAUTH_STATE_TTL_S,
    });
    const url = new URL(provider.authorizationUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('redirect_uri', callbackUrl(provider.key));
    url.searchParams.set('state', state);
    if (provider.scope) url.searchParams.set('scope', provider.scope);
    if (provider.pkce) {
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
    }
    return c.redirect(url.toString(), 302);
  });

  r.get('/oauth/:provider/callback', async (c) => {
    const key = c.req.param('provider');
    const provider = isProvider(key) ? providers.get(key) : undefined;
    const browserSecret = getCookie(c, BROWSER_COOKIE);
    deleteCookie(c, BROWSER_COOKIE, { path: COOKIE_PATH, secure: secureCookie });
    const state = c.req.query('state');
    const pending =
      provider && state ? await consumeOAuthState(ctx.db, provider.key, state, browserSecret, ctx.now()) : null;
    const redirectPath = pending?.redirectPath ?? '/';
    try {
      if (!provider || !pending) throw new OAuthRefusal('oauth_failed', 'unknown, used, expired or foreign state');
      const code = c.req.query('code');
      if (c.req.query('error') || !code)
        throw new OAuthRefusal('oauth_failed', `provider answered ${c.req.query('error') ?? 'no code'}`);
      const profile = await verifiedProfile(
        provider,
        code,
        state ?? '',
        pending.codeVerifier,
        callbackUrl(provider.key),
        fetchOptions,
      );
      const userId = await ctx.db
        .transaction()
        .execute((trx) => linkOAuthUser(trx, profile, localeOfPath(redirectPath), ctx.now()));
      const oneTime = await createOneTimeKey(
        ctx.db,
        'oauth',
        userId,
        ctx.now(),
        JSON.stringify({ redirect: redirectPath }),
      );
      return c.redirect(loginUrl(redirectPath, { oauth: oneTime, redirect: redirectPath }), 302);
    } catch (error) {
      const refusal =
        error instanceof OAuthRefusal ? error : new OAuthRefusal('oauth_failed', (error as Error).message);
      console.warn(`OAuth sign-in with ${key} refused: ${refusal.message}`);
      return c.redirect(loginUrl(redirectPath, { oauthError: refusal.code, redirect: redirectPath }), 302);
    }
  });

  r.post('/oauth/exchange', jsonBody(keyRequestSchema), async (c) => {
    const used = await consumeOneTimeKey(ctx.db, 'oauth', c.req.valid('json').key, ctx.now());
    if (!used) throw new ApiError('invalid_key', 'The sign-in key is unknown, used or expired.');
    return c.json(await issueTokenPair(ctx, used.userId, 'oauth'));
  });

  return r;
}

/** code → access token → userinfo, whose e-mail address the provider has verified. Throws OAuthRefusal otherwise. */
async function verifiedProfile(
  provider: OAuthProviderConfig,
  code: string,
  state: string,
  codeVerifier: string,
  redirectUri: string,
  fetchOptions: { allowHttpLoopback: boolean },
): Promise<OAuthProfile> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    // Naver wants the state again on the token request; Google ignores it.
    state,
  });
  if (provider.pkce) form.set('code_verifier', codeVerifier);
  const tokenRes = await guardedFetch(
    provider.tokenUrl,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    },
    fetchOptions,
  );
  const token = tokenRes.status === 200 ? tokenResponseSchema.safeParse(parseJson(tokenRes.text)) : null;
  if (!token?.success) throw new OAuthRefusal('oauth_failed', `token endpoint answered ${tokenRes.status}`);

  const infoRes = await guardedFetch(
    provider.userinfoUrl,
    {
      method: 'GET',
      headers: { Authorization: `Bearer ${token.data.access_token}`, Accept: 'application/json' },
    },
    fetchOptions,
  );
  if (infoRes.status !== 200) throw new OAuthRefusal('oauth_failed', `userinfo endpoint answered ${infoRes.status}`);
  const profile = provider.profileOf(parseJson(infoRes.text));
  if (!profile) throw new OAuthRefusal('oauth_failed', 'userinfo has no usable e-mail address');
  if (!profile.emailVerified)
    throw new OAuthRefusal('email_unverified', 'the provider has not verified the e-mail address');
  return profile;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
