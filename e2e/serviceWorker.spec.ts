import { expect, test } from '@playwright/test';

test('the service worker at /sw.js precaches the app shell', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'ko', url: 'http://127.0.0.1' }]);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveCount(1);
  const info = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    // Wait for the install step (precache) to finish.
    for (let i = 0; i < 100 && !(await caches.keys()).some((k) => k.includes('precache')); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const names = await caches.keys();
    const precache = names.find((k) => k.includes('precache'));
    const urls = precache ? (await (await caches.open(precache)).keys()).map((r) => new URL(r.url).pathname) : [];
    return { script: reg.active?.scriptURL ?? '', scope: reg.scope, urls };
  });
  expect(new URL(info.script).pathname).toBe('/sw.js');
  expect(new URL(info.scope).pathname).toBe('/');
  expect(info.urls).toContain('/index.html');
  expect(info.urls.some((u) => /^\/assets\/index-.*\.js$/.test(u))).toBe(true);
  // Font subsets are not precached (they are cached on first use).
  expect(info.urls.some((u) => u.endsWith('.woff2'))).toBe(false);
});
