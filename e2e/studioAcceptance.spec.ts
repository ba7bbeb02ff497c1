import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { clickImage, dragImage, engineBoxes, openStudio, serverAnnotations, studioProject } from './studioProject';

/*
 * The studio's promise end to end: a labeler opens a 20,000 × 20,000 image, labels 50 boxes and 5
 * polygons with the keyboard and the mouse, the network goes away half-way, the tab is closed while
 * edits are unsynced; opening the studio again later sends them, and the server holds every
 * annotation exactly once, where it was drawn.
 */

const wait = expect.configure({ timeout: 120_000 });
test.describe.configure({ timeout: 360_000 });
test.use({ viewport: { width: 1280, height: 860 } });

test('a 20,000 × 20,000 image: 50 boxes and 5 polygons, network cut half-way, tab closed, all saved exactly once', async ({
  page,
  context,
}) => {
  const big = await sharp({
    create: { width: 20000, height: 20000, channels: 3, background: { r: 70, g: 80, b: 90 } },
    limitInputPixels: false,
  })
    .composite([
      {
        input: await sharp({ create: { width: 6000, height: 6000, channels: 3, background: { r: 200, g: 60, b: 40 } } })
          .png()
          .toBuffer(),
        left: 3000,
        top: 3000,
      },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
  const project = await studioProject(page, {
    subtype: 'IMAGE_SEGMENTATION',
    labels: [
      { name: 'cat', color: '#00ffff' },
      { name: 'dog', color: '#ff00ff' },
    ],
    images: [{ name: 'huge.png', png: big }],
  });
  const imageId = project.ids.get('huge.png')!;
  await openStudio(page, project.projectId, imageId);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await openStudio(page, project.projectId, imageId);
  }
  const indicator = page.getByTestId('save-indicator');
  await page.keyboard.press('KeyB');
  const drawBox = async (i: number) => {
    const col = i % 10;
    const row = Math.floor(i / 10);
    const x = 600 + col * 1900;
    const y = 600 + row * 3800;
    await page.keyboard.press(i % 2 === 0 ? 'Digit1' : 'Digit2');
    await dragImage(page, { x, y }, { x: x + 1200, y: y + 900 });
  };
  for (let i = 0; i < 25; i++) await drawBox(i);
  await wait(indicator).toHaveAttribute('data-state', 'saved');

  // The cable is pulled.
  await context.setOffline(true);
  for (let i = 25; i < 50; i++) await drawBox(i);
  await page.keyboard.press('Escape');
  await page.keyboard.press('KeyP');
  for (let k = 0; k < 5; k++) {
    const x = 1000 + k * 3600;
    const y = 19000 - 1500;
    await clickImage(page, x, y);
    await clickImage(page, x + 1500, y + 100);
    await clickImage(page, x + 1200, y + 1200);
    await clickImage(page, x + 100, y + 1000);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
  }
  const inEngine = await engineBoxes(page);
  expect(inEngine).toHaveLength(55);
  await expect(indicator).toHaveAttribute('data-state', 'offline');
  // The tab is closed while offline.
  await page.close({ runBeforeUnload: false });

  // Back later, online again.
  await context.setOffline(false);
  const again = await context.newPage();
  await openStudio(again, project.projectId, imageId);
  await wait(again.getByTestId('save-indicator')).toHaveAttribute('data-state', 'saved');
  const stored = await serverAnnotations(again, project, imageId);
  expect(stored).toHaveLength(55);
  expect(new Set(stored.map((a) => a.id)).size).toBe(55);
  expect(stored.filter((a) => a.kind === 'polygon')).toHaveLength(5);
  expect(stored.filter((a) => a.kind === 'box')).toHaveLength(50);
  const byId = new Map(stored.map((a) => [a.id, a]));
  for (const b of inEngine) {
    const s = byId.get(b.id)!;
    expect(Math.abs(s.x - b.x) <= 1 && Math.abs(s.y - b.y) <= 1, b.id).toBe(true);
  }
});
