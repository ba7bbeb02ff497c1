import { z } from 'zod';
import { startTestOidcProvider } from '../server/oauth/testOidcProvider';

/*
 * A local OpenID Connect provider for browser tests of Google sign-in (e2e/oauth.spec.ts starts
 * it; playwright.config.ts points the e2e server's GOOGLE_* settings at the same port). Prints
 * `ready <issuer>` once listening; stops on SIGTERM.
 */
const env = z
  .object({
    OIDC_PORT: z.coerce.number().int().min(1).max(65535),
    OIDC_CLIENT_ID: z.string().min(1),
    OIDC_CLIENT_SECRET: z.string().min(1),
    OIDC_REDIRECT_URI: z.url(),
  })
  .parse(process.env);

const provider = await startTestOidcProvider({
  clientId: env.OIDC_CLIENT_ID,
  clientSecret: env.OIDC_CLIENT_SECRET,
  redirectUris: [env.OIDC_REDIRECT_URI],
  port: env.OIDC_PORT,
});
console.log(`ready ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().finally(() => process.exit(0)));
}
