import { z } from 'zod';

const blank = (v: unknown) => (v === '' ? undefined : v);
const optionalText = z.preprocess(blank, z.string().min(1).max(512).optional());
const endpoint = (fallback: string) => z.preprocess(blank, z.url({ protocol: /^https?$/ }).default(fallback));
const flag = z
  .preprocess(blank, z.enum(['0', '1', 'true', 'false']).optional())
  .transform((v) => v === '1' || v === 'true');

/**
 * OAuth sign-in settings (server/env.ts spreads this into its schema). A provider is enabled when
 * its client id and secret are set; the endpoints default to the real provider's and exist so
 * tests and staging can point at another authorization server.
 */
export const oauthEnvShape = {
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTHORIZATION_URL: endpoint('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: endpoint('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: endpoint('https://openidconnect.googleapis.com/v1/userinfo'),
  NAVER_CLIENT_ID: optionalText,
  NAVER_CLIENT_SECRET: optionalText,
  NAVER_AUTHORIZATION_URL: endpoint('https://nid.naver.com/oauth2.0/authorize'),
  NAVER_TOKEN_URL: endpoint('https://nid.naver.com/oauth2.0/token'),
  NAVER_USERINFO_URL: endpoint('https://openapi.naver.com/v1/nid/me'),
  /**
   * Development and tests only: lets the endpoints above be plain http on a loopback host (a
   * local test provider). Without it every endpoint must be https on a public address.
   */
  OAUTH_ALLOW_HTTP_LOOPBACK: flag,
};

export type OAuthEnv = z.output<z.ZodObject<typeof oauthEnvShape>>;

const PREFIXES = ['GOOGLE', 'NAVER'] as const;
const ENDPOINTS = ['AUTHORIZATION_URL', 'TOKEN_URL', 'USERINFO_URL'] as const;

/** True for the host names that always mean this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether `url` may be used as a provider endpoint under these settings. */
export function endpointAllowed(url: string, allowHttpLoopback: boolean): boolean {
  const u = new URL(url);
  if (u.username || u.password) return false;
  if (u.protocol === 'https:') return true;
  return allowHttpLoopback && u.protocol === 'http:' && isLoopbackHost(u.hostname);
}

/**
 * Start-up checks: half a provider (an id without a secret) is a mistake worth stopping for, and
 * an endpoint must be https unless the loopback flag allows a local test provider.
 */
export function checkOAuthEnv(env: OAuthEnv, ctx: z.RefinementCtx) {
  for (const p of PREFIXES) {
    const id = env[`${p}_CLIENT_ID`];
    const secret = env[`${p}_CLIENT_SECRET`];
    if (Boolean(id) !== Boolean(secret)) {
      const missing = id ? `${p}_CLIENT_SECRET` : `${p}_CLIENT_ID`;
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `is required when ${id ? `${p}_CLIENT_ID` : `${p}_CLIENT_SECRET`} is set`,
      });
    }
    for (const e of ENDPOINTS) {
      const key = `${p}_${e}` as const;
      if (!endpointAllowed(env[key], env.OAUTH_ALLOW_HTTP_LOOPBACK)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'must be an https URL (http only on a loopback host with OAUTH_ALLOW_HTTP_LOOPBACK=1)',
        });
      }
    }
  }
}
