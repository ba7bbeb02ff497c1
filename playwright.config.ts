import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run against the built app served by the real server, in Debian's Chromium
 * (Playwright cannot download browsers here). SwiftShader gives WebGL without a GPU.
 */
const PORT = Number(process.env.E2E_PORT ?? 8799);

export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

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
    command: `npx tsx server/index.ts`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: 'test-results/data', DIST_DIR: process.env.E2E_DIST ?? 'dist' },
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
