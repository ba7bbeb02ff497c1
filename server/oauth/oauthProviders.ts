import type { OAuthProvider } from '../../contract/apiAuth';
import { OAUTH_PROVIDERS } from '../../contract/apiAuth';
import type { OAuthEnv } from './oauthEnv';
import { parseGoogleProfile, parseNaverProfile, type OAuthProfile } from './oauthProfile';

/** One provider as the routes use it. */
export interface OAuthProviderConfig {
  key: OAuthProvider;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
  /** Send a PKCE S256 challenge (Google checks it; Naver ignores the parameters). */
  pkce: boolean;
  profileOf: (userinfo: unknown) => OAuthProfile | null;
}

/** The providers whose client id and secret are configured, in the contract's order. */
export function enabledOAuthProviders(env: OAuthEnv): Map<OAuthProvider, OAuthProviderConfig> {
  const all: Record<OAuthProvider, OAuthProviderConfig | null> = {
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            key: 'google',
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: env.GOOGLE_TOKEN_URL,
            userinfoUrl: env.GOOGLE_USERINFO_URL,
            scope: 'openid email profile',
            pkce: true,
            profileOf: parseGoogleProfile,
          }
        : null,
    naver:
      env.NAVER_CLIENT_ID && env.NAVER_CLIENT_SECRET
        ? {
            key: 'naver',
            clientId: env.NAVER_CLIENT_ID,
            clientSecret: env.NAVER_CLIENT_SECRET,
            authorizationUrl: env.NAVER_AUTHORIZATION_URL,
            tokenUrl: env.NAVER_TOKEN_URL,
            userinfoUrl: env.NAVER_USERINFO_URL,
            // Naver's consent screen is set per application in its console, not by scope.
            scope: '',
            pkce: true,
            profileOf: parseNaverProfile,
          }
        : null,
  };
  const enabled = new Map<OAuthProvider, OAuthProviderConfig>();
  for (const key of OAUTH_PROVIDERS) {
    const p = all[key];
    if (p) enabled.set(key, p);
  }
  return enabled;
}
