import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './scripts/chromiumLaunch';

/**
 * Browser tests run against the built app served by the real server, in Debian's Chromium
 * (Playwright cannot download browsers here). SwiftShader gives WebGL without a GPU.
 */
const PORT = Number(process.env.E2E_PORT ?? 8799);
/** The e2e server's DATA_DIR; e2e tests read mails from its outbox/. */
// E2E_DATA_DIR moves it out of test-results/, which every other Playwright run on this checkout
// empties when it starts (parallel runs on other ports would delete this server's files).
export const DATA_DIR = process.env.E2E_DATA_DIR ?? `test-results/data-${PORT}`;
/** The local OpenID provider e2e/oauth.spec.ts starts; the server's Google sign-in points at it. */
const OIDC = `http://127.0.0.1:${Number(process.env.E2E_OIDC_PORT ?? PORT + 100)}`;

export { chromiumLaunch };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ko-KR',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
  webServer: {
    // Every run starts from an empty database and outbox (one folder per port, so parallel runs
    // on other ports keep theirs). Short access tokens let e2e see the transparent refresh.
    command: `rm -rf ${DATA_DIR} && npx tsx server/index.ts`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DIST_DIR: process.env.E2E_DIST ?? 'dist',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      ACCESS_TOKEN_TTL_S: '8',
      GOOGLE_CLIENT_ID: 'maru-e2e',
      GOOGLE_CLIENT_SECRET: 'maru-e2e-secret',
      GOOGLE_AUTHORIZATION_URL: `${OIDC}/auth`,
      GOOGLE_TOKEN_URL: `${OIDC}/token`,
      GOOGLE_USERINFO_URL: `${OIDC}/me`,
      OAUTH_ALLOW_HTTP_LOOPBACK: '1',
      // Agents started by the edge spec call in every 2 s, so connection and rollouts show within seconds.
      EDGE_HEARTBEAT_SECONDS: '2',
    },
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
