import { expect, test } from '@playwright/test';
import { storeSession } from './consoleSession';
import {
  clickImage,
  dragImage,
  engineBoxes,
  flatPng,
  newAccount,
  openStudio,
  putAnnotations,
  selectionSize,
  studioProject,
} from './studioProject';

/*
 * The labeling studio against the real server, with the mouse and the keyboard: draw, move,
 * resize and delete boxes, a box under 20 × 20 refused with a message, classes by number keys,
 * undo and redo, multi-select (Shift-click, Ctrl+A) deleted and restored as one undo step, copy
 * the previous image's annotations, and copy-paste onto another image; a second worker on the
 * same image sees it read-only with the holder's name.
 */
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
// A small canvas: SwiftShader rasterises on the CPU.
test.use({ viewport: { width: 1000, height: 760 } });

test('boxes by mouse and keys: draw, refuse a small one, classes 1–9, move, resize, delete, undo/redo, multi-select, copy previous, paste on another image', async ({
  page,
}) => {
  // Uploaded work.png first, then prev.png: the list (newest first) puts prev.png before work.png.
  const project = await studioProject(page, {
    labels: [
      { name: 'cat', color: '#00ffff' },
      { name: 'dog', color: '#ff00ff' },
    ],
    images: [
      { name: 'work.png', png: await flatPng(800, 600, [90, 90, 90]) },
      { name: 'prev.png', png: await flatPng(800, 600, [60, 60, 60]) },
    ],
  });
  const work = project.ids.get('work.png')!;
  const prev = project.ids.get('prev.png')!;
  const [cat, dog] = project.labelIds as [string, string];
  await putAnnotations(page.request, project, prev, [
    { labelId: cat, kind: 'box', x: 20, y: 20, width: 60, height: 60 },
    { labelId: dog, kind: 'box', x: 600, y: 20, width: 80, height: 60 },
    { labelId: dog, kind: 'box', x: 600, y: 400, width: 80, height: 60 },
  ]);
  await openStudio(page, project.projectId, work);
  const rows = page.getByTestId('annotation-row');
  const counts = page.getByTestId('palette-count');
  await expect(page.getByTestId('tool-box')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('viewer-position')).toHaveText('2 / 2');

  // Draw a box with the box tool (class 1, the active one).
  await dragImage(page, { x: 100, y: 100 }, { x: 300, y: 250 });
  await wait(rows).toHaveCount(1);
  await expect(counts).toHaveText(['1', '0']);

  // A box under 20 × 20 image pixels is refused, and the studio says why.
  await dragImage(page, { x: 500, y: 100 }, { x: 508, y: 108 });
  await wait(page.getByTestId('toast-warning')).toContainText('박스는 20 × 20 픽셀 이상이어야 합니다.');
  await expect(rows).toHaveCount(1);

  // The new box stays selected: 2 makes it a dog, and dog the class of the next drawing.
  await page.keyboard.press('Digit2');
  await expect(counts).toHaveText(['0', '1']);
  await expect(page.getByTestId('palette-item').nth(1)).toHaveAttribute('data-active', 'true');
  await dragImage(page, { x: 400, y: 300 }, { x: 600, y: 450 });
  await wait(rows).toHaveCount(2);
  await expect(counts).toHaveText(['0', '2']);
  // 1 makes the second box a cat.
  await page.keyboard.press('Digit1');
  await expect(counts).toHaveText(['1', '1']);

  // Select (V), then move the first box by its body and resize it by its bottom-right handle.
  await page.keyboard.press('KeyV');
  await expect(page.getByTestId('tool-select')).toHaveAttribute('aria-pressed', 'true');
  await clickImage(page, 200, 175);
  await expect.poll(() => selectionSize(page)).toBe(1);
  await dragImage(page, { x: 200, y: 175 }, { x: 250, y: 175 });
  await expect
    .poll(async () => (await engineBoxes(page))[0])
    .toMatchObject({ x: 150, y: 100, width: 200, height: 150 });
  await dragImage(page, { x: 350, y: 250 }, { x: 380, y: 280 });
  await expect
    .poll(async () => (await engineBoxes(page))[0])
    .toMatchObject({ x: 150, y: 100, width: 230, height: 180 });

  // 1 with the first box (a dog) selected relabels it; undo (button) and redo (keys) follow.
  await page.keyboard.press('Digit1');
  await expect(counts).toHaveText(['2', '0']);
  await page.getByTestId('studio-undo').click();
  await expect(counts).toHaveText(['1', '1']);
  await page.keyboard.press('Control+Shift+KeyZ');
  await expect(counts).toHaveText(['2', '0']);
  await page.keyboard.press('Control+KeyZ');
  await expect(counts).toHaveText(['1', '1']);

  // Delete by key, undo; delete by the toolbar button, undo.
  await clickImage(page, 265, 190);
  await expect.poll(() => selectionSize(page)).toBe(1);
  await page.keyboard.press('Delete');
  await expect(rows).toHaveCount(1);
  await page.keyboard.press('Control+KeyZ');
  await expect(rows).toHaveCount(2);
  await clickImage(page, 265, 190);
  await page.getByTestId('studio-delete').click();
  await expect(rows).toHaveCount(1);
  await page.getByTestId('studio-undo').click();
  await expect(rows).toHaveCount(2);

  // Multi-select: Shift-click adds the second box; one Delete removes both, one undo brings both back.
  await clickImage(page, 265, 190);
  await clickImage(page, 500, 375, { shift: true });
  await expect.poll(() => selectionSize(page)).toBe(2);
  await expect(page.locator('[data-testid="annotation-row"][data-selected="true"]')).toHaveCount(2);
  await page.keyboard.press('Delete');
  await expect(rows).toHaveCount(0);
  await page.keyboard.press('Control+KeyZ');
  await expect(rows).toHaveCount(2);
  // Ctrl+A selects every box; the same again.
  await page.keyboard.press('Control+KeyA');
  await expect.poll(() => selectionSize(page)).toBe(2);
  await page.keyboard.press('Delete');
  await expect(rows).toHaveCount(0);
  await page.keyboard.press('Control+KeyZ');
  await expect(rows).toHaveCount(2);

  // Copy every annotation of the previous image (Ctrl+Shift+V): where they were, one undo step.
  await page.keyboard.press('Control+Shift+KeyV');
  await wait(rows).toHaveCount(5);
  await expect(counts).toHaveText(['2', '3']);
  expect((await engineBoxes(page)).filter((b) => b.x === 600)).toHaveLength(2);
  await page.keyboard.press('Control+KeyZ');
  await expect(rows).toHaveCount(2);

  // A click in the list selects that annotation.
  await rows.nth(1).getByRole('button').first().click();
  await expect(rows.nth(1)).toHaveAttribute('data-selected', 'true');

  // Copy the dog box, step to the previous image (A), paste it there.
  await clickImage(page, 500, 375);
  await page.keyboard.press('Control+KeyC');
  await page.keyboard.press('KeyA');
  await expect(page).toHaveURL(new RegExp(`/images/${prev}$`));
  await wait(page.getByTestId('viewer-name')).toHaveText('prev.png');
  await wait(rows).toHaveCount(3);
  await page.keyboard.press('Control+KeyV');
  await expect(rows).toHaveCount(4);
  expect((await engineBoxes(page)).some((b) => b.width === 200 && b.height === 150)).toBe(true);

  // Every edit reached the server: Ctrl+S sends this image's at once; the other image's went on their own.
  await page.keyboard.press('Control+KeyS');
  const serverCount = async (imageId: string) => {
    const response = await page.request.get(`/api/projects/${project.projectId}/images/${imageId}/annotations`, {
      headers: await project.owner.auth(),
    });
    return ((await response.json()) as { annotations: unknown[] }).annotations.length;
  };
  await expect.poll(() => serverCount(prev), { timeout: 30_000 }).toBe(4);
  await expect.poll(() => serverCount(work), { timeout: 30_000 }).toBe(2);
  await wait(page.getByTestId('save-indicator')).toHaveAttribute('data-state', 'saved');
});

test('a second worker on the same image sees it read-only with who holds it', async ({ page, browser }) => {
  const project = await studioProject(page, {
    labels: [{ name: 'cat', color: '#00ffff' }],
    images: [{ name: 'one.png', png: await flatPng(640, 480, [80, 80, 80]) }],
  });
  const imageId = project.ids.get('one.png')!;
  // The owner opens the image first and so holds it.
  await openStudio(page, project.projectId, imageId);
  await expect(page.getByTestId('studio-readonly')).toHaveCount(0);
  await expect(page.getByTestId('tool-box')).toBeEnabled();

  const second = await newAccount(page.request, 'Second Worker');
  const invited = await page.request.post(`/api/projects/${project.projectId}/members`, {
    headers: await project.owner.auth(),
    data: { email: second.email, role: 'worker' },
  });
  expect(invited.ok()).toBe(true);
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const other = await context.newPage();
  await storeSession(other, await second.login());
  await openStudio(other, project.projectId, imageId);
  const notice = other.getByTestId('studio-readonly');
  await wait(notice).toContainText('다른 작업자가 이미 작업 중입니다');
  await expect(notice).toContainText('Studio Owner');
  await expect(notice).toHaveAttribute('data-reason', 'locked');
  // Nothing can be drawn or changed: the drawing tools are off and a drag draws nothing.
  await expect(other.getByTestId('tool-box')).toBeDisabled();
  await expect(other.getByTestId('tool-select')).toBeDisabled();
  await expect(other.getByTestId('studio-undo')).toBeDisabled();
  await expect(other.getByTestId('tool-pan')).toHaveAttribute('aria-pressed', 'true');
  await dragImage(other, { x: 100, y: 100 }, { x: 300, y: 250 });
  await expect(other.getByTestId('annotation-row')).toHaveCount(0);
  // The holder still edits.
  await dragImage(page, { x: 100, y: 100 }, { x: 300, y: 250 });
  await wait(page.getByTestId('annotation-row')).toHaveCount(1);
  await context.close();
});

test('at phone width the canvas fills the screen and the side panel opens over it', async ({ browser, page }) => {
  const project = await studioProject(page, {
    subtype: 'IMAGE_SEGMENTATION',
    labels: [{ name: 'cat', color: '#00ffff' }],
    images: [{ name: 'phone.png', png: await flatPng(640, 480, [80, 80, 80]) }],
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true });
  const phone = await context.newPage();
  await storeSession(phone, await project.owner.login());
  await openStudio(phone, project.projectId, project.ids.get('phone.png')!);
  // Segmentation starts on the polygon tool.
  await expect(phone.getByTestId('tool-polygon')).toHaveAttribute('aria-pressed', 'true');
  const canvas = (await phone.getByTestId('viewer-canvas').boundingBox())!;
  expect(canvas.width).toBeGreaterThan(360);
  expect(canvas.height).toBeGreaterThan(400);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(phone.getByTestId('studio-side')).toBeHidden();
  await phone.getByTestId('studio-side-toggle').click();
  await expect(phone.getByTestId('label-palette')).toBeVisible();
  await phone.getByTestId('studio-side-toggle').click();
  await expect(phone.getByTestId('studio-side')).toBeHidden();
  await context.close();
});

test('classification: number keys give the image its class, saved, and the option steps to the next image', async ({
  page,
}) => {
  const project = await studioProject(page, {
    subtype: 'IMAGE_CLASSIFICATION',
    labels: [
      { name: 'cat', color: '#00ffff' },
      { name: 'dog', color: '#ff00ff' },
    ],
    images: [
      { name: 'second.png', png: await flatPng(640, 480, [70, 70, 70]) },
      { name: 'first.png', png: await flatPng(640, 480, [90, 90, 90]) },
    ],
  });
  const first = project.ids.get('first.png')!;
  const second = project.ids.get('second.png')!;
  const [cat, dog] = project.labelIds as [string, string];
  const classOf = async (imageId: string) => {
    const response = await page.request.get(`/api/projects/${project.projectId}/images/${imageId}/annotations`, {
      headers: await project.owner.auth(),
    });
    const body = (await response.json()) as { annotations: { kind: string; labelId: string }[] };
    return body.annotations.filter((a) => a.kind === 'class').map((a) => a.labelId);
  };
  await openStudio(page, project.projectId, first);
  await expect(page.getByTestId('tool-box')).toHaveCount(0);
  const items = page.getByTestId('palette-item');
  await page.keyboard.press('Digit2');
  await expect(items.nth(1)).toHaveAttribute('data-active', 'true');
  await expect.poll(() => classOf(first), { timeout: 30_000 }).toEqual([dog]);
  // With the option on, a class moves on to the next image.
  await page.getByText('지정한 뒤 다음 이미지로 이동').click();
  await page.keyboard.press('Digit1');
  await wait(page).toHaveURL(new RegExp(`/images/${second}$`));
  await expect.poll(() => classOf(first), { timeout: 30_000 }).toEqual([cat]);
  await wait(page.getByTestId('viewer-name')).toHaveText('second.png');
  await page.keyboard.press('Digit2');
  await expect.poll(() => classOf(second), { timeout: 30_000 }).toEqual([dog]);
});
