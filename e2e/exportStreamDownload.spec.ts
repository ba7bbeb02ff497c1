import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { registerVerified, storeSession } from './consoleSession';

/*
 * Dataset export streamed through the service worker: with no File System Access API
 * (showSaveFilePicker hidden) and an active service worker, the zip is a browser download of
 * /__download/<id>/<name> that the worker answers with a stream fed by the export. The saved
 * file must be a whole, valid zip; a canceled export must fail the download, not leave a
 * truncated file; with service workers blocked the Blob fallback still works.
 */
const PASSWORD = 'maruTest12!';
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

async function login(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { token: string; refreshToken: string };
}

/** Signs up, creates a project with a label and `count` processed PNGs, and signs the page in. */
async function projectWithImages(
  page: Page,
  count: number,
): Promise<{ projectId: string; originals: Map<string, Buffer> }> {
  const email = `sw-export-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;
  await registerVerified(page.request, email, 'SW Export', PASSWORD);
  let token = `Bearer ${(await login(page.request, email)).token}`;
  const headers = () => ({ Authorization: token });
  const created = await page.request.post('/api/projects', {
    headers: headers(),
    data: { title: '스트림', description: 'sw', subtype: 'IMAGE_OBJECT_DETECTION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  expect(
    (
      await page.request.post(`/api/projects/${projectId}/labels`, {
        headers: headers(),
        data: { name: 'cat', color: '#ff0000' },
      })
    ).status(),
  ).toBe(201);

  const originals = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const name = `img${i}.png`;
    // Noise does not compress: each image adds its full size to the zip.
    const raw = Buffer.from(Array.from({ length: 64 * 48 * 3 }, (_, j) => (j * 7919 + i * 104729) % 251));
    const png = await sharp(raw, { raw: { width: 64, height: 48, channels: 3 } })
      .png()
      .toBuffer();
    originals.set(name, png);
    const upload = await page.request.post(`/api/projects/${projectId}/uploads`, {
      headers: headers(),
      data: { fileName: name, bytes: png.length },
    });
    expect(upload.status()).toBe(201);
    const { uploadId } = (await upload.json()) as { uploadId: string };
    const put = await page.request.put(`/api/projects/${projectId}/uploads/${uploadId}`, {
      headers: { ...headers(), 'Content-Type': 'application/octet-stream' },
      data: png,
    });
    expect(put.ok()).toBe(true);
  }
  await expect
    .poll(
      async () => {
        token = `Bearer ${(await login(page.request, email)).token}`;
        const body = (await (
          await page.request.get(`/api/projects/${projectId}/images?limit=100`, { headers: headers() })
        ).json()) as { items: { state: string }[] };
        return body.items.filter((i) => i.state === 'ready').length;
      },
      { timeout: 90_000 },
    )
    .toBe(count);

  const pair = await login(page.request, email);
  await storeSession(page, pair);
  return { projectId, originals };
}

async function hidePicker(page: Page) {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'showSaveFilePicker');
  });
}

/** Waits until the service worker is active (the first visit installs it). */
async function workerReady(page: Page) {
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
}

function checkZip(file: string, originals: Map<string, Buffer>) {
  expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  for (const name of originals.keys()) {
    expect(listing).toContain(`JPEGImages/${name}`);
    expect(listing).toContain(`Annotations/${name.replace(/\.png$/, '.xml')}`);
  }
  expect(listing).toContain('annotations.json');
  for (const [name, bytes] of originals)
    expect(execFileSync('unzip', ['-p', file, `JPEGImages/${name}`]).equals(bytes)).toBe(true);
}

test('without showSaveFilePicker the export streams through the service worker into a valid zip', async ({ page }) => {
  await hidePicker(page);
  const { projectId, originals } = await projectWithImages(page, 3);
  await page.goto(`/console/projects/${projectId}`);
  await workerReady(page);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await wait(page.getByTestId('export-start')).toBeEnabled();
  await page.getByTestId('export-start').click();
  const file = await download;
  expect(new URL(file.url()).pathname).toMatch(/^\/__download\/[0-9a-f-]{36}\//);
  expect(file.suggestedFilename()).toMatch(/^스트림_dataset_\d{14}\.zip$/);
  const saved = await file.path();
  expect(await file.failure()).toBeNull();
  checkZip(saved, originals);
  await wait(page.getByTestId('export-report')).toContainText('이미지 3개를 내보냈습니다.');
  // The address is spent: fetching it again finds nothing.
  const again = await page.evaluate(async (url) => (await fetch(url)).status, new URL(file.url()).pathname);
  expect(again).toBe(404);
});

test('cancel fails the streamed download instead of saving part of the zip', async ({ page, context }) => {
  await hidePicker(page);
  const { projectId } = await projectWithImages(page, 4);
  // Slow originals: the export is still running when cancel is pressed.
  await context.route(/\/api\/projects\/[^/]+\/images\/[^/]+\/original$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(`/console/projects/${projectId}`);
  await workerReady(page);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await wait(page.getByTestId('export-start')).toBeEnabled();
  await page.getByTestId('export-start').click();
  const file = await download;
  await wait(page.getByTestId('export-progress')).toBeVisible();
  await page.getByTestId('export-cancel').click();
  await wait(page.getByText('내보내기를 취소했습니다.')).toBeVisible();
  expect(await file.failure()).not.toBeNull();
});
