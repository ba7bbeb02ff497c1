import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { storeSession } from './consoleSession';
import { flatPng, newAccount, putAnnotations, studioProject, type StudioProject } from './studioProject';

/*
 * Deleting images from the Dataset tab against the real server: an admin deletes a ticked row,
 * then "all matching the filter" less one, then a gallery selection; after each the list, the
 * gallery, the project's counts and finally an export agree. The filter lives in the URL (reload,
 * a shared address, back and forward). A member sees no way to delete.
 */
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
// The export below collects a Blob: no service worker, no save dialog.
test.use({ serviceWorkers: 'block' });

/** Uploaded in this order, so the list (newest first) shows them reversed. */
const NAMES = ['keep-1.png', 'keep-2.png', 'drop-1.png', 'drop-2.png', 'drop-3.png', 'x-1.png'];

async function project(page: Page): Promise<StudioProject> {
  const images = await Promise.all(
    NAMES.map(async (name, i) => ({ name, png: await flatPng(120 + i * 8, 90, [40 * i, 160, 220 - 30 * i]) })),
  );
  const p = await studioProject(page, { labels: [{ name: 'cat', color: '#ff0000' }], images });
  const box = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      labelId: p.labelIds[0]!,
      kind: 'box' as const,
      x: 4 + i * 30,
      y: 2,
      width: 24,
      height: 24,
    }));
  const boxes: Record<string, number> = { 'x-1.png': 1, 'drop-1.png': 2, 'drop-3.png': 1, 'keep-1.png': 1 };
  for (const [name, n] of Object.entries(boxes)) await putAnnotations(page.request, p, p.ids.get(name)!, box(n));
  return p;
}

/** Ticks or unticks a row by its box, as a pointer does (the native input sits under the drawn box). */
const tick = (page: Page, name: string) =>
  page.getByTestId('image-card').filter({ hasText: name }).getByTestId('image-select').click();

const names = (page: Page) => page.getByTestId('image-name').allTextContents();

async function confirmDelete(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await wait(dialog.getByTestId('image-delete-body')).toHaveText(text);
  await dialog.getByRole('button', { name: '삭제', exact: true }).click();
  await wait(dialog).toHaveCount(0);
}

async function counts(page: Page, p: StudioProject) {
  const headers = await p.owner.auth();
  const project = (await (await page.request.get(`/api/projects/${p.projectId}`, { headers })).json()) as {
    imageCount: number;
    labeledCount: number;
  };
  const labels = (await (await page.request.get(`/api/projects/${p.projectId}/labels`, { headers })).json()) as {
    annotationCount: number;
  }[];
  return { images: project.imageCount, labeled: project.labeledCount, annotations: labels[0]?.annotationCount };
}

/** The gallery's view, as it writes it on its element (DatasetViewer.tsx). */
async function cellPoint(viewer: Locator, n: number): Promise<{ x: number; y: number }> {
  return viewer.evaluate((el: HTMLElement, cell: number) => {
    const [x = 0, y = 0, zoom = 0] = (el.dataset.view ?? '').split(',').map(Number);
    const columns = Number(el.dataset.columns);
    const wx = (cell % columns) + 0.5;
    const wy = -(Math.floor(cell / columns) + 0.5);
    return { x: (wx - x) * zoom + el.clientWidth / 2, y: (y - wy) * zoom + el.clientHeight / 2 };
  }, n);
}

test('an admin deletes a selection, all matching a filter and a gallery selection; list, gallery, counts and export agree', async ({
  page,
  context,
}, testInfo) => {
  await page.addInitScript(() => Reflect.deleteProperty(window, 'showSaveFilePicker'));
  const p = await project(page);
  const base = `/console/projects/${p.projectId}`;
  await page.goto(base);
  await wait(page.getByTestId('image-card')).toHaveCount(6);
  expect(await counts(page, p)).toEqual({ images: 6, labeled: 4, annotations: 5 });

  // One ticked row.
  await tick(page, 'x-1.png');
  await expect(page.getByRole('checkbox', { name: 'x-1.png 선택' })).toBeChecked();
  await wait(page.getByTestId('selection-count')).toHaveText('1개 선택됨');
  await page.getByTestId('selection-delete').click();
  await confirmDelete(page, '이미지 1개와 주석 1개를 삭제하시겠습니까? 되돌릴 수 없습니다.');
  await wait(page.getByTestId('image-card')).toHaveCount(5);
  await expect(page.getByTestId('image-total')).toHaveText('총 5개');
  await expect(page.getByTestId('selection-bar')).toHaveCount(0);
  expect(await counts(page, p)).toEqual({ images: 5, labeled: 3, annotations: 4 });

  // One image's delete from its row menu, by keyboard; Escape cancels and nothing goes.
  await page.getByRole('button', { name: 'keep-2.png 작업' }).focus();
  await page.keyboard.press('Enter');
  await wait(page.getByRole('menuitem', { name: '삭제' })).toBeVisible();
  await page.keyboard.press('Enter');
  await wait(page.getByRole('dialog').getByTestId('image-delete-body')).toHaveText(
    '이미지 1개와 주석 0개를 삭제하시겠습니까? 되돌릴 수 없습니다.',
  );
  await page.keyboard.press('Escape');
  await wait(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('image-card')).toHaveCount(5);

  // The filter goes into the URL, survives a reload and opens the same list from a shared address.
  await page.getByRole('searchbox', { name: '파일 이름 검색' }).fill('drop');
  await wait(page).toHaveURL(/\?q=drop$/);
  await wait(page.getByTestId('image-card')).toHaveCount(3);
  await page.reload();
  await wait(page.getByTestId('image-card')).toHaveCount(3);
  await expect(page.getByRole('searchbox', { name: '파일 이름 검색' })).toHaveValue('drop');
  const shared = await context.newPage();
  await shared.goto(`${base}?q=drop&sort=name&split=nonsense`);
  await wait(shared.getByTestId('image-card')).toHaveCount(3);
  expect(await names(shared)).toEqual(['drop-1.png', 'drop-2.png', 'drop-3.png']);
  await expect(shared.getByRole('combobox', { name: '정렬' })).toHaveValue('name');
  await expect(shared.getByRole('combobox', { name: '분할' })).toHaveValue('');
  await shared.close();

  // All matching the filter, less one unticked image.
  await tick(page, 'drop-1.png');
  await page.getByRole('button', { name: '필터에 맞는 이미지 3개 모두 선택' }).click();
  await wait(page.getByTestId('selection-count')).toHaveText('3개 선택됨');
  await tick(page, 'drop-2.png');
  await expect(page.getByRole('checkbox', { name: 'drop-2.png 선택' })).not.toBeChecked();
  await wait(page.getByTestId('selection-count')).toHaveText('2개 선택됨');
  await page.getByTestId('selection-delete').click();
  await confirmDelete(page, '이미지 2개와 주석 3개를 삭제하시겠습니까? 되돌릴 수 없습니다.');
  await wait(page.getByTestId('image-card')).toHaveCount(1);
  expect(await names(page)).toEqual(['drop-2.png']);
  expect(await counts(page, p)).toEqual({ images: 3, labeled: 1, annotations: 1 });

  // Back and forward move between filter states.
  await page.goBack();
  await wait(page.getByTestId('image-card')).toHaveCount(3);
  await expect(page.getByRole('searchbox', { name: '파일 이름 검색' })).toHaveValue('');
  expect(await names(page)).toEqual(['drop-2.png', 'keep-2.png', 'keep-1.png']);
  await page.goForward();
  await wait(page.getByTestId('image-card')).toHaveCount(1);
  await page.goBack();
  await wait(page.getByTestId('image-card')).toHaveCount(3);

  // The gallery: Ctrl-click, Shift-click a run, Ctrl-click one off, then delete.
  await page.getByTestId('view-gallery').click();
  await wait(page).toHaveURL(/\?view=gallery$/);
  const viewer = page.getByTestId('dataset-viewer');
  await wait(viewer).toHaveAttribute('data-total', '3');
  await wait(viewer).toHaveAttribute('data-view', /.+/);
  await viewer.click({ position: await cellPoint(viewer, 0), modifiers: ['Control'] });
  await wait(viewer).toHaveAttribute('data-selected', '1');
  await viewer.click({ position: await cellPoint(viewer, 2), modifiers: ['Shift'] });
  await wait(viewer).toHaveAttribute('data-selected', '3');
  await viewer.click({ position: await cellPoint(viewer, 1), modifiers: ['Control'] });
  await wait(viewer).toHaveAttribute('data-selected', '2');
  await expect(page.getByTestId('selection-count')).toHaveText('2개 선택됨');
  await page.getByTestId('selection-delete').click();
  await confirmDelete(page, '이미지 2개와 주석 1개를 삭제하시겠습니까? 되돌릴 수 없습니다.');
  await wait(viewer).toHaveAttribute('data-total', '1');
  await expect(viewer).toHaveAttribute('data-selected', '0');
  expect(await counts(page, p)).toEqual({ images: 1, labeled: 0, annotations: 0 });

  // The list and an export hold the one image left.
  await page.getByTestId('view-list').click();
  await wait(page.getByTestId('image-card')).toHaveCount(1);
  expect(await names(page)).toEqual(['keep-2.png']);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await wait(page.getByTestId('export-start')).toBeEnabled();
  await page.getByTestId('export-start').click();
  const saved = testInfo.outputPath('after-delete.zip');
  await (await download).saveAs(saved);
  const listing = execFileSync('unzip', ['-Z1', saved], { encoding: 'utf8' }).trim().split('\n');
  expect(listing.filter((f) => f.startsWith('JPEGImages/'))).toEqual(['JPEGImages/keep-2.png']);
  expect(listing.filter((f) => f.startsWith('Annotations/'))).toEqual(['Annotations/keep-2.xml']);
});

test('a member sees no checkboxes and no delete, and a gallery click opens the image', async ({ page, browser }) => {
  const p = await project(page);
  const member = await newAccount(page.request, 'Member');
  const added = await page.request.post(`/api/projects/${p.projectId}/members`, {
    headers: await p.owner.auth(),
    data: { email: member.email, role: 'member' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const other = await context.newPage();
  await storeSession(other, await member.login());
  await other.goto(`/en/console/projects/${p.projectId}?sort=name`);
  await wait(other.getByTestId('image-card')).toHaveCount(6);
  expect(await names(other)).toEqual([...NAMES].sort());
  await expect(other.getByRole('checkbox')).toHaveCount(0);
  await expect(other.getByTestId('image-menu')).toHaveCount(0);
  await expect(other.getByTestId('selection-bar')).toHaveCount(0);

  await other.getByTestId('view-gallery').click();
  const viewer = other.getByTestId('dataset-viewer');
  await wait(viewer).toHaveAttribute('data-total', '6');
  await wait(viewer).toHaveAttribute('data-view', /.+/);
  await viewer.click({ position: await cellPoint(viewer, 0), modifiers: ['Control'] });
  await wait(other).toHaveURL(new RegExp(`/images/${p.ids.get('drop-1.png')}$`));
  await context.close();
});
