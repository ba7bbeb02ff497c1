import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, for tests of the
 * sign-in flow without the internet. Its development login screen accepts any user name and
 * password; the account's e-mail is `<login>@example.com`, verified unless the login starts
 * with "unverified".
 */

export interface TestOidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** 0 (default) picks a free port. */
  port?: number;
}

export interface TestOidcProvider {
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  close: () => Promise<void>;
}

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Our server must send PKCE; a request without it is refused.
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['maru-test-oidc-cookie-key'] },
    // Set explicitly so the provider does not log a notice for each default.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx, id) =>
      Promise.resolve({
        accountId: id,
        claims: () =>
          Promise.resolve({
            sub: id,
            email: `${id}@example.com`,
            email_verified: !id.startsWith('unverified'),
            name: 'Test User',
          }),
      }),
  });
  const callback = provider.callback();
  handle = (req, res) => void callback(req, res);
  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/me`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
