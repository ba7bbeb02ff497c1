import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { registerVerified, storeSession } from './consoleSession';

/*
 * Dataset export against the real server: a project with three processed images is exported from
 * the Dataset tab; the downloaded zip passes `unzip -t` and holds the VOC layout with the original
 * bytes. Once through the Blob fallback (no File System Access API) and once streamed into a file
 * from showSaveFilePicker (the origin-private file system stands in for the save dialog, which a
 * headless browser cannot answer).
 */
const PASSWORD = 'maruTest12!';
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** A fresh access token (the e2e server's last 8 s). */
async function login(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  const pair = (await response.json()) as { token: string; refreshToken: string };
  return `Bearer ${pair.token}`;
}

/** Signs up, creates a project with a label and three processed PNGs, and signs the page in. */
async function projectWithImages(page: Page): Promise<{ projectId: string; originals: Map<string, Buffer> }> {
  const email = `export-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;
  await registerVerified(page.request, email, 'Export Tester', PASSWORD);

  let token = await login(page.request, email);
  const headers = () => ({ Authorization: token });
  const created = await page.request.post('/api/projects', {
    headers: headers(),
    data: { title: '내보내기', description: 'export', subtype: 'IMAGE_OBJECT_DETECTION' },
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
  for (const [i, name] of ['a.png', 'b.png', 'c.png'].entries()) {
    const png = await sharp({
      create: { width: 40 + i * 8, height: 30, channels: 3, background: { r: 60 * i, g: 120, b: 200 } },
    })
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
        token = await login(page.request, email);
        const list = await page.request.get(`/api/projects/${projectId}/images`, { headers: headers() });
        const body = (await list.json()) as { items: { state: string }[] };
        return body.items.filter((i) => i.state === 'ready').length;
      },
      { timeout: 60_000 },
    )
    .toBe(3);

  const pair = (await (await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json()) as {
    token: string;
    refreshToken: string;
  };
  await storeSession(page, pair);
  return { projectId, originals };
}

function checkZip(file: string, originals: Map<string, Buffer>): void {
  expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
  expect(listing).toEqual([
    'Annotations/a.xml',
    'Annotations/b.xml',
    'Annotations/c.xml',
    'ImageSets/Main/test.txt',
    'ImageSets/Main/train.txt',
    'ImageSets/Main/val.txt',
    'JPEGImages/a.png',
    'JPEGImages/b.png',
    'JPEGImages/c.png',
    'annotations.json',
    'labelmap.txt',
  ]);
  for (const [name, bytes] of originals)
    expect(execFileSync('unzip', ['-p', file, `JPEGImages/${name}`]).equals(bytes)).toBe(true);
}

// Without a save dialog the export streams through the service worker (exportStreamDownload.spec.ts);
// with no service worker either, it collects a Blob.
test.describe('with service workers blocked', () => {
  test.use({ serviceWorkers: 'block' });

  test('export downloads a VOC zip through the Blob fallback', async ({ page }, testInfo) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'showSaveFilePicker');
    });
    const { projectId, originals } = await projectWithImages(page);
    await page.goto(`/console/projects/${projectId}`);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await wait(page.getByTestId('export-start')).toBeEnabled();
    await page.getByTestId('export-start').click();
    const file = await download;
    expect(file.url()).toMatch(/^blob:/);
    expect(file.suggestedFilename()).toMatch(/^내보내기_dataset_\d{14}\.zip$/);
    const saved = testInfo.outputPath('blob.zip');
    await file.saveAs(saved);
    checkZip(saved, originals);
    await wait(page.getByTestId('export-report')).toContainText('이미지 3개를 내보냈습니다.');
  });
});

test('export streams into the file chosen with showSaveFilePicker', async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    Object.assign(window, {
      showSaveFilePicker: async (options: { suggestedName: string }) => {
        (window as unknown as { exportName: string }).exportName = options.suggestedName;
        const root = await navigator.storage.getDirectory();
        return root.getFileHandle('export.zip', { create: true });
      },
    });
  });
  const { projectId, originals } = await projectWithImages(page);
  await page.goto(`/en/console/projects/${projectId}`);
  await wait(page.getByTestId('export-start')).toBeEnabled();
  await page.getByTestId('export-start').click();
  await wait(page.getByTestId('export-report')).toContainText('3 images exported.');
  const bytes = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const file = await (await root.getFileHandle('export.zip')).getFile();
    return Array.from(new Uint8Array(await file.arrayBuffer()));
  });
  expect(await page.evaluate(() => (window as unknown as { exportName: string }).exportName)).toMatch(
    /^내보내기_dataset_\d{14}\.zip$/,
  );
  const saved = testInfo.outputPath('stream.zip');
  await writeFile(saved, Buffer.from(bytes));
  checkZip(saved, originals);
});

test('cancel stops the export and leaves no partial file', async ({ page }) => {
  await page.addInitScript(() => {
    Object.assign(window, {
      // A slow disk: each write waits, so the export is still running when cancel is pressed.
      showSaveFilePicker: async () => {
        const root = await navigator.storage.getDirectory();
        const handle = await root.getFileHandle('canceled.zip', { create: true });
        return {
          createWritable: async () => {
            const file = await handle.createWritable();
            return {
              write: async (data: BufferSource) => {
                await new Promise((resolve) => setTimeout(resolve, 1_000));
                await file.write(data);
              },
              close: () => file.close(),
              abort: () => file.abort(),
            };
          },
        };
      },
    });
  });
  const { projectId } = await projectWithImages(page);
  await page.goto(`/console/projects/${projectId}`);
  await wait(page.getByTestId('export-start')).toBeEnabled();
  await page.getByTestId('export-start').click();
  await wait(page.getByTestId('export-progress')).toBeVisible();
  await page.getByTestId('export-cancel').click();
  await wait(page.getByText('내보내기를 취소했습니다.')).toBeVisible();
  await expect(page.getByTestId('export-report')).toHaveCount(0);
  const size = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    return (await (await root.getFileHandle('canceled.zip')).getFile()).size;
  });
  expect(size).toBe(0);
});
