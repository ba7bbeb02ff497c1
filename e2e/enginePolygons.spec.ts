import { expect, test, type Page } from '@playwright/test';
import { type TestWindow, mountTestEngine, openLab } from './engineLab';

/**
 * Polygons drawn by the engine in Chromium + SwiftShader (see e2e/engineLab.ts): outlines in the
 * label colour, nothing of their bounding box, the selected polygon's fill and vertex handles,
 * and a polygon drawn with the mouse in the polygon tool.
 */

test.describe.configure({ timeout: 90_000 });

/** The reddest pixel (R − max(G, B)) of the 5 × 5 device pixels around (x, y). */
async function redness(page: Page, x: number, y: number): Promise<number> {
  return page.evaluate(
    ({ x, y }) => {
      const px = (window as unknown as TestWindow).testEngine.debug.readPixels(x - 2, y - 2, 5, 5);
      let best = -255;
      for (let i = 0; i < 25; i++) best = Math.max(best, px[4 * i]! - Math.max(px[4 * i + 1]!, px[4 * i + 2]!));
      return best;
    },
    { x, y },
  );
}

async function whiteness(page: Page, x: number, y: number): Promise<number> {
  return page.evaluate(
    ({ x, y }) => {
      const px = (window as unknown as TestWindow).testEngine.debug.readPixels(x, y, 1, 1);
      return Math.min(px[0]!, px[1]!, px[2]!);
    },
    { x, y },
  );
}

test('polygons: outlines in the label colour, not their box; the selected one filled with vertex handles', async ({
  page,
}) => {
  await openLab(page, 0);
  await mountTestEngine(page, { w: 320, h: 240, image: 320 });
  await page.evaluate(async () => {
    const e = (window as unknown as TestWindow).testEngine;
    e.setView({ centerX: 160, centerY: 120, zoom: 1 });
    e.setLabels([{ name: 'red', color: '#ff0000' }]);
    // A right triangle (vertices at pixel centres): its box's top-right corner is outside it.
    e.setAnnotations([
      { id: 't', x: 40.5, y: 40.5, width: 160, height: 160, label: 0, points: [40.5, 40.5, 40.5, 200.5, 200.5, 200.5] },
    ]);
    await e.whenIdle();
  });
  // Image px = CSS px = device px (dpr 1). On the left edge and the bottom edge: red.
  expect(await redness(page, 40, 120)).toBeGreaterThan(150);
  expect(await redness(page, 120, 200)).toBeGreaterThan(150);
  // The box's top edge and right edge away from the triangle: no outline there.
  expect(await redness(page, 150, 40)).toBeLessThan(60);
  expect(await redness(page, 200, 80)).toBeLessThan(60);
  const inside = await redness(page, 70, 170);
  expect(inside).toBeLessThan(60);

  await page.evaluate(async () => {
    const e = (window as unknown as TestWindow).testEngine;
    e.select(['t']);
    await e.whenIdle();
  });
  // Filled lightly inside; a white handle on the corner vertex (200.5, 200.5) → pixel (200, 200).
  expect(await redness(page, 70, 170)).toBeGreaterThan(inside + 15);
  expect(await whiteness(page, 200, 200)).toBeGreaterThan(230);
});

test('polygon tool: clicks draw a polygon with a rubber band, Enter closes it', async ({ page }) => {
  await openLab(page, 0);
  await mountTestEngine(page, { w: 320, h: 240, image: 320 });
  await page.evaluate(async () => {
    const e = (window as unknown as TestWindow).testEngine;
    e.setView({ centerX: 160, centerY: 120, zoom: 1 });
    e.setLabels([{ name: 'red', color: '#ff0000' }]);
    e.setTool('polygon');
    await e.whenIdle();
  });
  await page.mouse.click(60.5, 60.5);
  await page.mouse.click(260.5, 60.5);
  await page.mouse.move(260.5, 180.5);
  await page.evaluate(() => (window as unknown as TestWindow).testEngine.whenIdle());
  // The drawn edge is white, and so is the rubber band to the pointer.
  expect(await whiteness(page, 160, 60)).toBeGreaterThan(200);
  expect(await whiteness(page, 260, 120)).toBeGreaterThan(200);
  await page.mouse.click(260.5, 180.5);
  await page.keyboard.press('Enter');
  const boxes = await page.evaluate(async () => {
    const e = (window as unknown as TestWindow).testEngine;
    await e.whenIdle();
    return e.getBoxes();
  });
  expect(boxes).toHaveLength(1);
  expect(boxes[0]?.points).toEqual([60.5, 60.5, 260.5, 60.5, 260.5, 180.5]);
  // Selected after closing: its closing edge (260.5, 180.5)–(60.5, 60.5) is drawn in red.
  expect(await redness(page, 160, 120)).toBeGreaterThan(120);
});
