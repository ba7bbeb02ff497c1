import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { storeSession } from './consoleSession';
import { flatPng, newAccount } from './studioProject';

/*
 * The upload panel from the user's side: each row ends at its image's real state on the server
 * (ready, a large image with its pyramid too), and a file whose bytes the project already holds
 * is asked about before it is sent: skip leaves the project as it was, keep adds a second image.
 */

test.describe.configure({ timeout: 240_000 });
const wait = expect.configure({ timeout: 120_000 });

async function projectPage(page: Page) {
  const owner = await newAccount(page.request, 'Upload Owner');
  const headers = await owner.auth();
  const created = await page.request.post('/api/projects', {
    headers,
    data: { title: '업로드', description: 'uploads', subtype: 'IMAGE_OBJECT_DETECTION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  const label = await page.request.post(`/api/projects/${projectId}/labels`, {
    headers,
    data: { name: 'car', color: '#e53935' },
  });
  expect(label.status()).toBe(201);
  await storeSession(page, await owner.login());
  await page.goto(`/console/projects/${projectId}`);
  await expect(page.getByTestId('upload-files')).toBeEnabled({ timeout: 30_000 });
  const images = async () => {
    const list = await page.request.get(`/api/projects/${projectId}/images?limit=500`, {
      headers: await owner.auth(),
    });
    return (await list.json()) as {
      total: number;
      items: { fileName: string; state: string; tiles: { levels: number } | null }[];
    };
  };
  return { images };
}

const png = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });
const rows = (page: Page, state?: string) =>
  page.locator(state ? `[data-testid="upload-row"][data-state="${state}"]` : '[data-testid="upload-row"]');

test('every row ends ready; a file already in the project is asked about: skip adds nothing, keep a second copy', async ({
  page,
}) => {
  const { images } = await projectPage(page);
  const red = await flatPng(64, 48, [200, 30, 30]);
  const green = await flatPng(80, 60, [30, 200, 30]);
  // 3000 × 2400: above 2048 px a side, so the server cuts a DeepZoom pyramid before it is ready.
  const large = await sharp({
    create: { width: 3000, height: 2400, channels: 3, background: { r: 20, g: 60, b: 160 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();

  await page
    .getByTestId('upload-files')
    .setInputFiles([png('red.png', red), png('green.png', green), png('large.png', large)]);
  await wait(rows(page, 'ready')).toHaveCount(3);
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page, 'ready').first().getByTestId('upload-row-state')).toHaveText('완료');
  await expect(page.getByTestId('upload-complete')).toHaveText('업로드가 완료되었습니다.');
  const first = await images();
  expect(first.total).toBe(3);
  expect(first.items.every((i) => i.state === 'ready')).toBe(true);
  expect(first.items.find((i) => i.fileName === 'large.png')?.tiles?.levels).toBe(13);
  await page.getByTestId('upload-clear').click();
  await expect(rows(page)).toHaveCount(0);

  // The same bytes under another name: asked before sending; skip leaves the project as it was.
  await page.getByTestId('upload-files').setInputFiles([png('red-again.png', red)]);
  const dialog = page.getByTestId('duplicate-dialog');
  await wait(dialog).toBeVisible();
  await expect(dialog.getByTestId('duplicate-file')).toHaveText('red-again.png');
  await expect(dialog.getByTestId('duplicate-existing')).toHaveText("'red.png' 이미지와 내용이 같습니다.");
  await dialog.getByTestId('duplicate-skip').click();
  await expect(dialog).toHaveCount(0);
  await expect(rows(page, 'skipped')).toHaveCount(1);
  await expect(page.getByTestId('upload-skipped')).toHaveText('이미 있는 파일 1개를 건너뛰었습니다.');
  expect((await images()).total).toBe(3);

  // Two more duplicates in one batch (one of the project, one of the batch itself), answered once for all: kept.
  const blue = await flatPng(70, 50, [30, 30, 200]);
  await page
    .getByTestId('upload-files')
    .setInputFiles([png('green-again.png', green), png('blue.png', blue), png('blue-copy.png', blue)]);
  await wait(dialog).toBeVisible();
  await expect(dialog.getByTestId('duplicate-file')).toHaveText('green-again.png');
  await dialog.getByText('이번 업로드의 다른 중복 파일에도 똑같이 적용').click();
  await dialog.getByTestId('duplicate-keep').click();
  await expect(dialog).toHaveCount(0);
  await wait(rows(page, 'ready')).toHaveCount(3);
  const after = await images();
  expect(after.total).toBe(6);
  expect(after.items.map((i) => i.fileName).sort()).toEqual(
    ['blue-copy.png', 'blue.png', 'green-again.png', 'green.png', 'large.png', 'red.png'].sort(),
  );
});
