import { expect, test, type Page } from '@playwright/test';
import { boxIou, makeScene, maskIou, rasterizePolygon, type SceneOptions } from '../engine/assist/syntheticScenes';
import { storeSession } from './consoleSession';
import {
  clickImage,
  dragImage,
  engineBoxes,
  enginePolygons,
  flatPng,
  openStudio,
  pressImeKey,
  rgbaPng,
  serverAnnotations,
  studioProject,
} from './studioProject';

/*
 * The studio's tools in the browser against the real server: polygons drawn and edited by the
 * mouse (close on the first point, Enter, vertex drag, Alt-click delete, insert on an edge,
 * undo/redo) and saved as points; a shortcut remapped in the key settings, stored on the
 * server and used after a reload; keys sent the way the Korean IME sends them ('Process',
 * keyCode 229) still act on their physical key; the assist point on synthetic images with a
 * known object proposes a box and a polygon with IoU ≥ 0.9.
 */
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
// A small canvas: SwiftShader rasterises on the CPU.
test.use({ viewport: { width: 1000, height: 760 } });

/** Whether every value of `actual` is within `tolerance` of `expected`'s. */
function near(actual: readonly number[] | undefined, expected: readonly number[], tolerance = 2): boolean {
  return (
    actual !== undefined &&
    actual.length === expected.length &&
    actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance)
  );
}

async function clickImageWithAlt(page: Page, at: { x: number; y: number }): Promise<void> {
  await page.keyboard.down('Alt');
  await clickImage(page, at.x, at.y);
  await page.keyboard.up('Alt');
}

test('polygons: close on the first point and with Enter, drag a vertex, Alt-click deletes one, an edge click adds one, undo/redo, saved as points', async ({
  page,
}) => {
  const project = await studioProject(page, {
    subtype: 'IMAGE_SEGMENTATION',
    labels: [
      { name: 'cat', color: '#00ffff' },
      { name: 'dog', color: '#ff00ff' },
    ],
    images: [{ name: 'poly.png', png: await flatPng(800, 600, [90, 90, 90]) }],
  });
  const imageId = project.ids.get('poly.png')!;
  await openStudio(page, project.projectId, imageId);
  await expect(page.getByTestId('tool-polygon')).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByTestId('annotation-row');
  const polygons = () => enginePolygons(page);

  // A: four clicks, closed by a click on the first point.
  const a = [100, 100, 300, 100, 300, 250, 100, 250];
  for (let i = 0; i < a.length; i += 2) await clickImage(page, a[i]!, a[i + 1]!);
  await expect(rows).toHaveCount(0);
  await clickImage(page, a[0]!, a[1]!);
  await wait(rows).toHaveCount(1);
  await expect.poll(async () => near((await polygons())[0]?.points, a)).toBe(true);

  // B (class 2): three clicks, closed with Enter. A, the new polygon, is selected: Esc lets it go
  // first, so 2 sets the class of the next drawing only.
  await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(() => window.__studio!.engine.getSelection().length)).toBe(0);
  await page.keyboard.press('Digit2');
  await expect(page.getByTestId('palette-item').nth(1)).toHaveAttribute('data-active', 'true');
  const b = [400, 300, 600, 300, 500, 450];
  for (let i = 0; i < b.length; i += 2) await clickImage(page, b[i]!, b[i + 1]!);
  await page.keyboard.press('Enter');
  await wait(rows).toHaveCount(2);
  await expect.poll(async () => near((await polygons())[1]?.points, b)).toBe(true);
  expect((await polygons()).map((p) => p.label)).toEqual([0, 1]);

  // B is selected: drag its third vertex.
  const bMoved = [400, 300, 600, 300, 520, 500];
  await dragImage(page, { x: 500, y: 450 }, { x: 520, y: 500 });
  await expect.poll(async () => near((await polygons())[1]?.points, bMoved)).toBe(true);

  // Select A (select tool), click on its top edge: a vertex there; Alt-click its third corner: gone.
  await page.keyboard.press('KeyV');
  await expect(page.getByTestId('tool-select')).toHaveAttribute('aria-pressed', 'true');
  await clickImage(page, 200, 175);
  await expect.poll(() => page.evaluate(() => window.__studio!.engine.getSelection().length)).toBe(1);
  const aInserted = [100, 100, 200, 100, 300, 100, 300, 250, 100, 250];
  await clickImage(page, 200, 100);
  await expect.poll(async () => near((await polygons())[0]?.points, aInserted)).toBe(true);
  const aDeleted = [100, 100, 200, 100, 300, 100, 100, 250];
  await clickImageWithAlt(page, { x: 300, y: 250 });
  await expect.poll(async () => near((await polygons())[0]?.points, aDeleted)).toBe(true);

  // Undo walks back through the deletion and the insertion; redo brings both again.
  await page.keyboard.press('Control+KeyZ');
  await expect.poll(async () => near((await polygons())[0]?.points, aInserted)).toBe(true);
  await page.getByTestId('studio-undo').click();
  await expect.poll(async () => near((await polygons())[0]?.points, a)).toBe(true);
  await page.keyboard.press('Control+Shift+KeyZ');
  await expect.poll(async () => near((await polygons())[0]?.points, aInserted)).toBe(true);
  await page.getByTestId('studio-redo').click();
  await expect.poll(async () => near((await polygons())[0]?.points, aDeleted)).toBe(true);
  // The vertex drag on B is its own undo step, and comes back with redo.
  await page.keyboard.press('Control+KeyZ');
  await page.keyboard.press('Control+KeyZ');
  await page.keyboard.press('Control+KeyZ');
  await expect.poll(async () => near((await polygons())[1]?.points, b)).toBe(true);
  expect(near((await polygons())[0]?.points, a)).toBe(true);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Shift+KeyZ');
  await expect.poll(async () => near((await polygons())[1]?.points, bMoved)).toBe(true);
  await expect.poll(async () => near((await polygons())[0]?.points, aDeleted)).toBe(true);

  // Saved: the server holds exactly these two polygons, their points and classes.
  await page.keyboard.press('Control+KeyS');
  await wait(page.getByTestId('save-indicator')).toHaveAttribute('data-state', 'saved');
  const [cat, dog] = project.labelIds as [string, string];
  await expect
    .poll(
      async () => {
        const stored = await serverAnnotations(page, project, imageId);
        const polygon = (labelId: string, points: number[]) =>
          stored.some((s) => s.kind === 'polygon' && s.labelId === labelId && near(s.points, points));
        return stored.length === 2 && polygon(cat, aDeleted) && polygon(dog, bMoved);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // Their boxes are the points' bounds.
  const stored = await serverAnnotations(page, project, imageId);
  const aStored = stored.find((s) => s.labelId === cat)!;
  expect(near([aStored.x, aStored.y, aStored.width, aStored.height], [100, 100, 200, 150])).toBe(true);
});

test('a shortcut remapped in the key settings is stored on the server and acts after a reload and in another browser; the old key does not', async ({
  page,
  browser,
}) => {
  const project = await studioProject(page, {
    labels: [{ name: 'cat', color: '#00ffff' }],
    images: [{ name: 'keys.png', png: await flatPng(640, 480, [80, 80, 80]) }],
  });
  const imageId = project.ids.get('keys.png')!;
  await openStudio(page, project.projectId, imageId);

  // The box tool: add N (recorded by pressing it), remove B, save.
  await page.getByTestId('studio-keys').click();
  const settings = page.getByTestId('keymap-settings');
  await wait(settings).toBeVisible();
  const row = settings.locator('[data-action="box"]');
  await row.getByRole('button', { name: '키 추가' }).click();
  await expect(row.getByRole('button', { name: '키를 누르세요… (Esc: 취소)' })).toBeVisible();
  await page.keyboard.press('KeyN');
  await expect(row.locator('[data-binding="KeyN"]')).toBeVisible();
  await row.locator('[data-binding="KeyB"]').getByRole('button').click();
  await expect(row.locator('[data-binding="KeyB"]')).toHaveCount(0);
  await expect(settings.getByTestId('keymap-conflict')).toHaveCount(0);
  await settings.getByRole('button', { name: '저장', exact: true }).click();
  await wait(settings.getByText('단축키를 저장했습니다.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // The server holds the override.
  const stored = await page.request.get('/api/auth/user/keymap', { headers: await project.owner.auth() });
  expect(stored.ok()).toBe(true);
  expect(((await stored.json()) as { bindings: Record<string, string[]> }).bindings).toEqual({ box: ['KeyN'] });

  const checkKeys = async (page: Page) => {
    const tool = () => page.evaluate(() => window.__studio!.engine.getTool());
    const boxTool = page.getByTestId('tool-box');
    const selectTool = page.getByTestId('tool-select');
    // N is bound by nothing but the stored map: once it acts, the map is in use.
    await page.keyboard.press('KeyV');
    await expect(selectTool).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => {
        await page.keyboard.press('KeyN');
        return tool();
      })
      .toBe('box');
    await expect(boxTool).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('KeyV');
    await expect(selectTool).toHaveAttribute('aria-pressed', 'true');
    // The key handler runs within the keydown: once the press is done, B has had its chance.
    await page.keyboard.press('KeyB');
    expect(await tool()).toBe('select');
    await expect(boxTool).toHaveAttribute('aria-pressed', 'false');
  };
  // At once, and after a reload (the map read back from the server).
  await checkKeys(page);
  const keymapLoaded = page.waitForResponse((r) => r.url().endsWith('/api/auth/user/keymap') && r.ok());
  await page.reload();
  await keymapLoaded;
  await page.waitForFunction(() => window.__studio?.engine != null, null, { timeout: 60_000 });
  await checkKeys(page);

  // Another browser (nothing stored locally) signed in as the same user gets the same keys.
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const other = await context.newPage();
  await storeSession(other, await project.owner.login());
  await openStudio(other, project.projectId, imageId);
  await checkKeys(other);
  await context.close();
});

test('keys sent through the Korean IME (key "Process", keyCode 229) act on their physical key', async ({ page }) => {
  const project = await studioProject(page, {
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
  await openStudio(page, project.projectId, first);
  // What reaches window: the event a real IME key press makes.
  await page.evaluate(() => {
    const seen: { key: string; code: string; keyCode: number; trusted: boolean }[] = [];
    (window as unknown as { __keys: typeof seen }).__keys = seen;
    window.addEventListener(
      'keydown',
      (e) => seen.push({ key: e.key, code: e.code, keyCode: e.keyCode, trusted: e.isTrusted }),
      true,
    );
  });
  const lastKey = () => page.evaluate(() => (window as unknown as { __keys: unknown[] }).__keys.at(-1));

  await page.keyboard.press('KeyV');
  await expect(page.getByTestId('tool-select')).toHaveAttribute('aria-pressed', 'true');
  await pressImeKey(page, 'KeyB');
  expect(await lastKey()).toEqual({ key: 'Process', code: 'KeyB', keyCode: 229, trusted: true });
  await expect(page.getByTestId('tool-box')).toHaveAttribute('aria-pressed', 'true');

  // A new box is selected: the IME's 2 makes it a dog.
  await dragImage(page, { x: 100, y: 100 }, { x: 300, y: 250 });
  await wait(page.getByTestId('annotation-row')).toHaveCount(1);
  await expect(page.getByTestId('palette-count')).toHaveText(['1', '0']);
  await pressImeKey(page, 'Digit2');
  await expect(page.getByTestId('palette-count')).toHaveText(['0', '1']);
  expect((await engineBoxes(page))[0]!.label).toBe(1);

  // A Hangul letter as `key` (what the IME reports once composing) on V: the select tool.
  await page.evaluate(() =>
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ㅍ', code: 'KeyV', keyCode: 229, bubbles: true, cancelable: true }),
    ),
  );
  await expect(page.getByTestId('tool-select')).toHaveAttribute('aria-pressed', 'true');

  // The IME's D: the next image.
  await pressImeKey(page, 'KeyD');
  await wait(page).toHaveURL(new RegExp(`/images/${second}$`));
  await wait(page.getByTestId('viewer-name')).toHaveText('second.png');
});

/** The scene of a test: its PNG, its object's box and mask. */
async function sceneImage(options: SceneOptions) {
  const scene = makeScene(options);
  const { width, height, data } = scene.window;
  return { scene, png: await rgbaPng(width, height, data) };
}

/** Assist point on the open image: click at `at`, wait for the proposal, accept it with Enter. */
async function assistAt(page: Page, at: { x: number; y: number }): Promise<void> {
  await page.keyboard.press('KeyQ');
  await expect(page.getByTestId('tool-assistPoint')).toHaveAttribute('aria-pressed', 'true');
  // Record the proposals the worker's answers set (the engine draws them; it has no getter).
  await page.evaluate(() => {
    const engine = window.__studio!.engine;
    const set = engine.setProposal.bind(engine);
    const seen: unknown[] = [];
    (window as unknown as { __proposals: unknown[] }).__proposals = seen;
    engine.setProposal = (shape) => {
      seen.push(shape);
      set(shape);
    };
  });
  await clickImage(page, at.x, at.y);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __proposals: unknown[] }).__proposals.at(-1) ?? null), {
      timeout: 60_000,
    })
    .not.toBeNull();
  await page.keyboard.press('Enter');
}

const SCENES: { name: string; options: SceneOptions }[] = [
  {
    name: 'ellipse on a gradient',
    options: { seed: 7, width: 768, height: 640, shape: 'ellipse', background: 'gradient' },
  },
  {
    name: 'rectangle on a texture',
    options: { seed: 11, width: 768, height: 640, shape: 'rectangle', background: 'texture' },
  },
];

test('assist point: a click in a known object proposes a box (detection) and a polygon (segmentation) with IoU ≥ 0.9, saved', async ({
  page,
}) => {
  const images = await Promise.all(SCENES.map((s) => sceneImage(s.options)));
  for (const subtype of ['IMAGE_OBJECT_DETECTION', 'IMAGE_SEGMENTATION'] as const) {
    const project = await studioProject(page, {
      subtype,
      labels: [{ name: 'thing', color: '#00ffff' }],
      images: images.map((image, i) => ({ name: `scene-${i}.png`, png: image.png })),
    });
    for (const [i, { scene }] of images.entries()) {
      const imageId = project.ids.get(`scene-${i}.png`)!;
      const { width, height } = scene.window;
      await openStudio(page, project.projectId, imageId);
      await assistAt(page, scene.click);
      await wait(page.getByTestId('annotation-row')).toHaveCount(1);
      const [created] = await page.evaluate(() => window.__studio!.engine.getBoxes());
      const what = `${SCENES[i]!.name}, ${subtype}`;
      const iouBox = boxIou(created!, scene.truthBox);
      const iouMask = created!.points ? maskIou(rasterizePolygon(created!.points, width, height), scene.truth) : null;
      test.info().annotations.push({
        type: 'IoU',
        description: `${what}: box ${iouBox.toFixed(3)}, mask ${iouMask === null ? 'none' : iouMask.toFixed(3)}`,
      });
      expect(iouBox, what).toBeGreaterThanOrEqual(0.9);
      if (subtype === 'IMAGE_SEGMENTATION') {
        expect(iouMask, what).not.toBeNull();
        expect(iouMask!, what).toBeGreaterThanOrEqual(0.9);
      } else {
        expect(created!.points, what).toBeUndefined();
      }

      await page.keyboard.press('Control+KeyS');
      await wait(page.getByTestId('save-indicator')).toHaveAttribute('data-state', 'saved');
      await expect.poll(async () => (await serverAnnotations(page, project, imageId)).length).toBe(1);
      const [stored] = await serverAnnotations(page, project, imageId);
      expect(stored!.kind, what).toBe(subtype === 'IMAGE_SEGMENTATION' ? 'polygon' : 'box');
      expect(boxIou(stored!, scene.truthBox), what).toBeGreaterThanOrEqual(0.9);
      if (stored!.kind === 'polygon') {
        expect(maskIou(rasterizePolygon(stored!.points!, width, height), scene.truth), what).toBeGreaterThanOrEqual(
          0.9,
        );
      }
    }
  }
});
