import { expect, test, type Page } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { registerVerified, storeSession } from './consoleSession';

/*
 * Console projects and datasets against the real server (playwright.config.ts starts it on an
 * empty DATA_DIR): create a project with bad then good titles (the spec's exact messages), add
 * labels, upload a folder whose sub-folders name the labels — one image 20,000 × 20,000 px — and
 * a corrupt image, see the thumbnails once the server's job has processed them (the large one
 * with its tile pyramid), tag an image and filter by the tag.
 */
const PORT = Number(process.env.E2E_PORT ?? 8799);
const FILES = path.resolve(`test-results/projects-files-${PORT}`);
const PASSWORD = 'maruTest12!';

// Console pages wait on the API after their chunk loads, and image processing runs as a job:
// on a busy 2-core machine with SwiftShader that takes longer than the default 7 s.
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

/** Signs up, verifies and signs in through the API (tokens into this page's storage); gives fresh access tokens for direct API reads. */
async function signIn(page: Page): Promise<() => Promise<string>> {
  const email = `projects-${Date.now().toString(36)}@e2e.maru.ai`;
  await registerVerified(page.request, email, 'Project Tester', PASSWORD);
  const login = async () => {
    const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(response.ok()).toBe(true);
    return (await response.json()) as { token: string; refreshToken: string };
  };
  await storeSession(page, await login());
  // e2e access tokens live 8 s: the page's own may have expired by the time the test reads the API.
  return async () => `Bearer ${(await login()).token}`;
}

/** A folder 'pets' with cat/ and dog/ sub-folders of PNGs (one 20,000 × 20,000), and a corrupt 'broken.png'. */
async function makeFiles(): Promise<{ folder: string; broken: string }> {
  const folder = path.join(FILES, 'pets');
  const colours = {
    cat: [
      { r: 200, g: 40, b: 40 },
      { r: 220, g: 90, b: 60 },
    ],
    dog: [{ r: 40, g: 60, b: 200 }],
  };
  for (const [name, list] of Object.entries(colours)) {
    await mkdir(path.join(folder, name), { recursive: true });
    for (const [i, background] of list.entries()) {
      const png = await sharp({ create: { width: 64 + i * 16, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
      await writeFile(path.join(folder, name, `${name}${i + 1}.png`), png);
    }
  }
  // 400 megapixels in ~12 MB (one colour, fast deflate): decoded, thumbnailed and tiled by the server.
  const huge = sharp({
    limitInputPixels: false,
    create: { width: 20_000, height: 20_000, channels: 3, background: { r: 30, g: 140, b: 90 } },
  });
  await huge.png({ compressionLevel: 1 }).toFile(path.join(folder, 'cat', 'huge.png'));
  const broken = path.join(FILES, 'broken.png');
  await writeFile(broken, Buffer.from('this is not an image at all, only text pretending to be a PNG'));
  return { folder, broken };
}

test('create a project, add labels, upload a folder, see thumbnails, tag and filter', async ({ page }) => {
  const files = await makeFiles();
  const freshToken = await signIn(page);
  await page.goto('/console');
  await wait(page.getByTestId('empty-state').first()).toBeVisible();

  // Bad titles first: each gives the spec's exact message and creates nothing.
  await page.getByTestId('project-create-open').click();
  const dialog = page.getByTestId('project-create');
  const title = dialog.getByRole('textbox', { name: /프로젝트 이름/ });
  const create = page.getByRole('button', { name: '만들기' });
  const error = dialog.getByTestId('title-error');
  await create.click();
  await expect(error).toHaveText('값을 입력해주세요.');
  await title.fill('가'.repeat(21));
  await expect(error).toHaveText('20자 초과되었습니다.');
  await title.fill(' 반려동물');
  await expect(error).toHaveText('공백으로 시작할 수 없습니다.');
  await title.fill('반려동물#1');
  await expect(error).toHaveText('한글,영문,숫자 외의 문자가 입력되었습니다.');
  await title.fill('반려동물 분류');
  await expect(error).toHaveCount(0);
  await dialog.getByRole('combobox', { name: '프로젝트 유형' }).selectOption('IMAGE_CLASSIFICATION');
  await create.click();
  await wait(page).toHaveURL(/\/console\/projects\/[^/]+$/);
  await wait(page.getByRole('heading', { level: 1, name: '반려동물 분류' })).toBeVisible();

  // No label yet: uploads are refused with the rule's message.
  await wait(page.getByTestId('upload-blocked')).toHaveText(
    '데이터를 업로드하려면 먼저 라벨 클래스를 하나 이상 추가해 주세요.',
  );

  const labelForm = page.getByTestId('label-add');
  for (const name of ['cat', 'dog']) {
    await labelForm.getByPlaceholder('라벨 이름').fill(name);
    await labelForm.getByRole('button', { name: '추가' }).click();
    await wait(page.getByTestId('label-name').filter({ hasText: name })).toBeVisible();
  }
  await labelForm.getByPlaceholder('라벨 이름').fill('CAT');
  await labelForm.getByRole('button', { name: '추가' }).click();
  await expect(labelForm.getByText('이미 사용 중인 라벨 이름입니다.')).toBeVisible();
  await expect(page.getByTestId('upload-blocked')).toHaveCount(0);

  // Folder upload: sub-folders cat/ and dog/ map to the labels.
  await page.getByTestId('upload-folder').setInputFiles(files.folder);
  await wait(page.getByTestId('upload-plan')).toContainText('cat → cat');
  // 'Complete' once every image is processed, the 20,000 px one's pyramid included.
  await wait(page.getByTestId('upload-complete')).toHaveText('업로드가 완료되었습니다.', { timeout: 150_000 });
  await expect(page.getByTestId('upload-row')).toHaveCount(4);

  // A corrupt image is refused with the spec's message and can be retried.
  await page.getByTestId('upload-files').setInputFiles(files.broken);
  const failed = page.locator('[data-testid="upload-row"][data-state="failed"]');
  await wait(failed.getByTestId('upload-error')).toHaveText('이미지 파일에 오류가 있는 것 같습니다.');
  await expect(failed.getByRole('button', { name: '다시 시도' })).toBeVisible();

  // The four images are processed by the server's job, then show their thumbnails.
  const cards = page.getByTestId('image-card');
  await wait(cards).toHaveCount(4);
  await wait(page.locator('[data-testid="image-card"][data-state="ready"]')).toHaveCount(4, { timeout: 150_000 });
  await wait(page.getByTestId('thumbnail')).toHaveCount(4);
  await expect(cards.filter({ hasText: 'huge.png' })).toContainText('20000 × 20000');
  // Its 512 px DeepZoom pyramid: 16 levels, the finest 40 × 40 tiles, served to the project's members.
  const projectId = /\/console\/projects\/([^/?#]+)/.exec(page.url())?.[1] ?? '';
  const token = await freshToken();
  const list = await page.request.get(`/api/projects/${projectId}/images?q=huge`, {
    headers: { authorization: token },
  });
  expect(list.status()).toBe(200);
  const huge = ((await list.json()) as { items: { tiles: { levels: number; urlTemplate: string } | null }[] }).items[0];
  expect(huge?.tiles?.levels).toBe(16);
  const tileUrl = (huge?.tiles?.urlTemplate ?? '').replace('{level}', '15').replace('{x}', '39').replace('{y}', '39');
  const tile = await page.request.get(tileUrl, { headers: { authorization: token } });
  expect(tile.status()).toBe(200);
  expect((await sharp(await tile.body()).metadata()).width).toBe(20_000 - 39 * 512);
  await expect
    .poll(() =>
      page
        .getByTestId('thumbnail')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(cards.filter({ hasText: 'cat1.png' })).toContainText('image/png');

  // Tag one image, then filter by the tag.
  const dogCard = cards.filter({ hasText: 'dog1.png' });
  const tagInput = dogCard.getByRole('textbox', { name: '태그 추가' });
  await tagInput.fill('야간');
  await tagInput.press('Enter');
  await wait(dogCard.getByTestId('image-tag')).toHaveText(['야간']);
  await tagInput.fill('야간');
  await tagInput.press('Enter');
  await expect(dogCard.getByTestId('tag-error')).toHaveText('중복된 태그 이름입니다.');
  await page.getByTestId('image-filters').getByRole('combobox', { name: '태그' }).fill('야간');
  await wait(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('dog1.png');
  await page.getByTestId('image-filters').getByRole('combobox', { name: '태그' }).fill('');
  await wait(cards).toHaveCount(4);

  // The console list shows the project's card with its counts.
  await page.getByRole('link', { name: /프로젝트 목록/ }).click();
  await wait(page.getByTestId('project-card')).toContainText('이미지 4개');
});

test('settings: repeat cycle rule, split re-roll, then delete after confirmation', async ({ page }) => {
  await signIn(page);
  await page.goto('/en/console');
  await page.getByTestId('project-create-open').click();
  await page
    .getByTestId('project-create')
    .getByRole('textbox', { name: /Project name/ })
    .fill('Sound check');
  await page.getByTestId('project-create').getByRole('combobox', { name: 'Data kind' }).selectOption('AUDIO');
  await page.getByRole('button', { name: 'Create' }).click();
  await wait(page).toHaveURL(/\/en\/console\/projects\/[^/]+$/);
  // Other kinds: files only, labeling and training marked as not available yet.
  await wait(page.getByTestId('not-available')).toContainText('Not available yet');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await wait(page).toHaveURL(/\/settings$/);
  const schedule = page.getByTestId('project-schedule');
  await schedule.getByRole('checkbox', { name: 'Use a learning schedule' }).check();
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(schedule.getByText('Please select a repeat cycle.')).toBeVisible();
  await schedule.getByRole('combobox').selectOption('weekend');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await wait(page.getByTestId('toast-success').first()).toContainText('Saved successfully.');

  const split = page.getByTestId('project-split');
  const seed = await split.getByTestId('split-seed').textContent();
  await split.getByRole('button', { name: 'Re-roll' }).click();
  await wait(split.getByTestId('split-seed')).not.toHaveText(seed ?? '');

  await page.getByTestId('project-delete').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await wait(page).toHaveURL(/\/en\/console$/);
  await wait(page.getByTestId('project-card')).toHaveCount(0);
});
