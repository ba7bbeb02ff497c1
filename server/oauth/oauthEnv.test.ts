import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { enabledOAuthProviders } from './oauthProviders';

describe('OAuth settings', () => {
  it('enables a provider only with both its client id and secret, with the real endpoints by default', () => {
    expect([...enabledOAuthProviders(parseEnv({})).keys()]).toEqual([]);
    const env = parseEnv({ NAVER_CLIENT_ID: 'id', NAVER_CLIENT_SECRET: 'secret' });
    const naver = enabledOAuthProviders(env).get('naver');
    expect(naver?.tokenUrl).toBe('https://nid.naver.com/oauth2.0/token');
    expect(naver?.userinfoUrl).toBe('https://openapi.naver.com/v1/nid/me');
    expect(env.GOOGLE_AUTHORIZATION_URL).toMatch(/^https:\/\/accounts\.google\.com\//);
  });

  it('stops on half a provider', () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET: is required/);
  });

  it('refuses http endpoints unless the loopback flag allows a local provider', () => {
    expect(() => parseEnv({ GOOGLE_TOKEN_URL: 'http://127.0.0.1:9000/token' })).toThrow(/GOOGLE_TOKEN_URL/);
    expect(() => parseEnv({ GOOGLE_TOKEN_URL: 'http://example.com/token', OAUTH_ALLOW_HTTP_LOOPBACK: '1' })).toThrow(
      /GOOGLE_TOKEN_URL/,
    );
    expect(
      parseEnv({ GOOGLE_TOKEN_URL: 'http://127.0.0.1:9000/token', OAUTH_ALLOW_HTTP_LOOPBACK: '1' }).GOOGLE_TOKEN_URL,
    ).toBe('http://127.0.0.1:9000/token');
  });
});
