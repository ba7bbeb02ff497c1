import { expect, test } from '@playwright/test';
import { type TestWindow, openLab, mountTestEngine } from './engineLab';

/** Tile sources and the lab page's 100k-box scene in Chromium + SwiftShader (see e2e/engineLab.ts). */

// SwiftShader rasterises on the CPU, and CI machines run other suites beside this one.
test.describe.configure({ timeout: 90_000 });

test.describe('engine tile sources in the browser', () => {
  test('HttpTileSource with the worker decoder pool: DeepZoom URLs, decoded in workers, drawn exactly', async ({
    page,
  }) => {
    await openLab(page, 0);
    // A 1024 × 768 DeepZoom pyramid (levels 10 = full resolution, 9 = half) of the pattern, as
    // PNG tiles served by the test itself; each request is logged.
    const requested: string[] = [];
    await page.route(/\/test-tiles\/(\d+)\/(\d+)_(\d+)\.png$/, async (route, request) => {
      const [, dz, x, y] = /\/test-tiles\/(\d+)\/(\d+)_(\d+)\.png$/.exec(request.url()) ?? [];
      requested.push(`${dz}/${x}_${y}`);
      const png = await page.evaluate(
        async ({ dz, x, y }) => {
          const lab = window.__engineLab;
          if (!lab) throw new Error('no lab');
          const level = 10 - dz;
          const w = Math.min(512, Math.ceil(1024 / 2 ** level) - x * 512);
          const h = Math.min(512, Math.ceil(768 / 2 ** level) - y * 512);
          const c = new OffscreenCanvas(w, h);
          const ctx = c.getContext('2d');
          if (!ctx) throw new Error('no 2d');
          const img = ctx.createImageData(w, h);
          for (let j = 0; j < h; j++)
            for (let i = 0; i < w; i++)
              img.data.set(lab.api.patternPixelAtLevel(level, x * 512 + i, y * 512 + j), (j * w + i) * 4);
          ctx.putImageData(img, 0, 0);
          const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
          return Array.from(bytes);
        },
        { dz: Number(dz), x: Number(x), y: Number(y) },
      );
      await route.fulfill({ body: Buffer.from(png), contentType: 'image/png' });
    });
    await mountTestEngine(page, { w: 320, h: 240, image: 64 });
    const worst = await page.evaluate(async () => {
      const lab = window.__engineLab;
      const e = (window as unknown as TestWindow).testEngine;
      if (!lab) throw new Error('no lab');
      const info = lab.api.pyramidInfo(1024, 768, 512);
      e.loadImage(
        new lab.api.HttpTileSource({
          info,
          urlTemplate: '/test-tiles/{level}/{x}_{y}.png',
          decoder: lab.workers.tileDecoder(),
          ...lab.api.deepZoomLevels(1024, 768),
        }),
      );
      e.setView({ centerX: 520, centerY: 500, zoom: 1 });
      await e.whenIdle();
      const px = e.debug.readPixels(0, 0, 320, 240);
      let w = 0;
      for (let j = 0; j < 240; j += 4) {
        for (let i = 0; i < 320; i += 4) {
          const want = lab.api.patternPixel(520 - 160 + i, 500 - 120 + j);
          const o = (j * 320 + i) * 4;
          for (let c = 0; c < 3; c++) w = Math.max(w, Math.abs((px[o + c] ?? -999) - (want[c] ?? 0)));
        }
      }
      return w;
    });
    expect(worst).toBeLessThanOrEqual(1);
    // Our level 0 is DeepZoom level 10 (ceil(log2(1024))); tiles (0,0), (1,0), (0,1), (1,1) all meet the view.
    expect(requested).toEqual(expect.arrayContaining(['10/0_0', '10/1_0', '10/0_1', '10/1_1']));
    expect(requested.every((r) => r.startsWith('10/') || r.startsWith('9/'))).toBe(true);
  });

  test('a local image file is decoded and sliced in a worker', async ({ page }) => {
    await openLab(page, 0);
    await mountTestEngine(page, { w: 320, h: 240, image: 64 });
    const result = await page.evaluate(async () => {
      const lab = window.__engineLab;
      const e = (window as unknown as TestWindow).testEngine;
      if (!lab) throw new Error('no lab');
      // A 1500 × 1100 PNG of the pattern, made here: the "file" a user drops before upload.
      const c = new OffscreenCanvas(1500, 1100);
      const ctx = c.getContext('2d');
      if (!ctx) throw new Error('no 2d');
      const img = ctx.createImageData(1500, 1100);
      for (let j = 0; j < 1100; j++)
        for (let i = 0; i < 1500; i++) img.data.set(lab.api.patternPixel(i, j), (j * 1500 + i) * 4);
      ctx.putImageData(img, 0, 0);
      const blob = await c.convertToBlob({ type: 'image/png' });
      const { service, terminate } = lab.workers.imagePyramidWorker();
      const source = await lab.api.openImageFile(blob, service, { onDispose: terminate });
      e.loadImage(source);
      e.setView({ centerX: 1200, centerY: 900, zoom: 1 });
      await e.whenIdle();
      const px = e.debug.readPixels(0, 0, 320, 240);
      let w = 0;
      for (let j = 0; j < 240; j += 4) {
        for (let i = 0; i < 320; i += 4) {
          const x = 1200 - 160 + i;
          const y = 900 - 120 + j;
          if (x >= 1500 || y >= 1100) continue;
          const want = lab.api.patternPixel(x, y);
          const o = (j * 320 + i) * 4;
          for (let k = 0; k < 3; k++) w = Math.max(w, Math.abs((px[o + k] ?? -999) - (want[k] ?? 0)));
        }
      }
      return { info: source.info, worst: w };
    });
    expect(result.info).toEqual({ width: 1500, height: 1100, tileSize: 512, levels: 3 });
    expect(result.worst).toBeLessThanOrEqual(1);
  });
});

test.describe('engine lab page', () => {
  test('mounts 100k × 100k with 100,000 boxes and responds to pan and zoom', async ({ page }) => {
    test.slow();
    await openLab(page);
    const canvas = page.getByTestId('lab-canvas');
    await expect(canvas).toBeVisible();
    const info = await page.evaluate(async () => {
      const e = window.__engineLab?.engine;
      if (!e) throw new Error('no engine');
      await e.whenIdle();
      return { boxes: e.getBoxes().length, view: e.getView(), frames: e.stats().frames };
    });
    expect(info.boxes).toBe(100_000);
    expect(info.frames).toBeGreaterThan(0);
    await expect(page.getByTestId('lab-error')).toHaveCount(0);

    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas box');
    const zoomBefore = await page.evaluate(() => window.__engineLab?.engine?.getZoomPercent() ?? 0);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect
      .poll(() => page.evaluate(() => window.__engineLab?.engine?.getZoomPercent() ?? 0))
      .toBeGreaterThan(zoomBefore);

    const before = await page.evaluate(() => window.__engineLab?.engine?.getView());
    await page.mouse.move(box.x + 300, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, box.y + 250, { steps: 5 });
    await page.mouse.up();
    const after = await page.evaluate(() => window.__engineLab?.engine?.getView());
    expect(after?.centerX).toBeGreaterThan(before?.centerX ?? Infinity);
    await expect(page.getByTestId('lab-zoom')).not.toHaveText('');
    const stats = await page.evaluate(async () => {
      const e = window.__engineLab?.engine;
      await e?.whenIdle();
      return e?.stats();
    });
    expect(stats?.lastFrameMs).toBeLessThan(1000);
  });
});
