import { expect, test } from '@playwright/test';
import { type TestWindow, BACKGROUND, openLab, mountTestEngine } from './engineLab';

// SwiftShader rasterises on the CPU, and CI machines run other suites beside this one.
test.describe.configure({ timeout: 90_000 });

test.describe('engine rendering', () => {
  test('WebGL2 runs on SwiftShader (not a silent fallback)', async ({ page }) => {
    await openLab(page);
    const renderer = await page.evaluate(() => window.__engineLab?.engine?.debug.rendererInfo() ?? '');
    expect(renderer, `renderer string: ${renderer}`).toContain('SwiftShader');
    await expect(page.getByTestId('lab-error')).toHaveCount(0);
  });

  const cases = [
    { name: 'identity', adj: { contrast: 1, brightness: 0, gamma: 1, invert: false } },
    { name: 'contrast and brightness', adj: { contrast: 1.8, brightness: -0.1, gamma: 1, invert: false } },
    { name: 'gamma', adj: { contrast: 1, brightness: 0.05, gamma: 2.2, invert: false } },
    { name: 'invert with low contrast', adj: { contrast: 0.5, brightness: 0.2, gamma: 0.8, invert: true } },
  ];
  for (const { name, adj } of cases) {
    test(`pixels follow the adjustment formula: ${name}`, async ({ page }) => {
      await openLab(page, 0);
      await mountTestEngine(page, { w: 320, h: 240, image: 8192 });
      // Zoom 1 centred on an integer point: screen pixel centres land on texel centres, so the
      // read-back equals the shader formula applied to the pattern, free of filtering.
      const result = await page.evaluate(async (a) => {
        const lab = window.__engineLab;
        const e = (window as unknown as TestWindow).testEngine;
        if (!lab) throw new Error('no lab');
        e.setView({ centerX: 4096, centerY: 4000, zoom: 1 });
        e.setAdjustments(a);
        await e.whenIdle();
        const px = e.debug.readPixels(0, 0, 320, 240);
        let worst = 0;
        let checked = 0;
        for (let j = 0; j < 240; j += 7) {
          for (let i = 0; i < 320; i += 5) {
            const [r, g, b] = lab.api.patternPixel(4096 - 160 + i, 4000 - 120 + j);
            const o = (j * 320 + i) * 4;
            const want = [r, g, b].map((v) => Math.round(lab.api.adjustPixel(v / 255, a) * 255));
            for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs((px[o + c] ?? -999) - (want[c] ?? 0)));
            checked += 1;
          }
        }
        return { worst, checked };
      }, adj);
      expect(result.checked).toBeGreaterThan(2000);
      expect(result.worst).toBeLessThanOrEqual(2);
    });
  }

  test('a coarse level is drawn at its own pixel scale (zoom 1/4 reads level 2)', async ({ page }) => {
    await openLab(page, 0);
    await mountTestEngine(page, { w: 320, h: 240, image: 65_536 });
    const worst = await page.evaluate(async () => {
      const lab = window.__engineLab;
      const e = (window as unknown as TestWindow).testEngine;
      if (!lab) throw new Error('no lab');
      // Centre on a multiple of 4 image px so that level-2 texel centres meet screen pixel centres.
      e.setView({ centerX: 32_768, centerY: 20_480, zoom: 0.25 });
      await e.whenIdle();
      const px = e.debug.readPixels(0, 0, 320, 240);
      let w = 0;
      for (let j = 0; j < 240; j += 3) {
        for (let i = 0; i < 320; i += 3) {
          const want = lab.api.patternPixelAtLevel(2, 32_768 / 4 - 160 + i, 20_480 / 4 - 120 + j);
          const o = (j * 320 + i) * 4;
          for (let c = 0; c < 3; c++) w = Math.max(w, Math.abs((px[o + c] ?? -999) - (want[c] ?? 0)));
        }
      }
      return w;
    });
    expect(worst).toBeLessThanOrEqual(2);
  });

  test('a contrast change costs one frame and no texture upload or tile request', async ({ page }) => {
    await openLab(page, 0);
    await mountTestEngine(page, { w: 320, h: 240, image: 20_000 });
    const delta = await page.evaluate(async () => {
      const e = (window as unknown as TestWindow).testEngine;
      e.setView({ centerX: 10_000, centerY: 10_000, zoom: 0.8 });
      await e.whenIdle();
      const before = e.stats();
      e.setAdjustments({ contrast: 1.6, brightness: 0.1 });
      await e.whenIdle();
      // Two more animation frames: nothing else may run.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const after = e.stats();
      return {
        frames: after.frames - before.frames,
        uploads: after.textureUploads - before.textureUploads,
        requests: after.tileRequests - before.tileRequests,
      };
    });
    expect(delta).toEqual({ frames: 1, uploads: 0, requests: 0 });
  });

  test('the box map, built behind the screen, draws each box outline where it belongs', async ({ page }) => {
    test.slow();
    await openLab(page, 0);
    await mountTestEngine(page, { w: 320, h: 240, image: 20_000 });
    const result = await page.evaluate(async () => {
      const e = (window as unknown as TestWindow).testEngine;
      e.setLabels([
        { name: 'filler', color: '#1e88e5' },
        { name: 'probe', color: '#e53935' },
      ]);
      // Zoom 1/32 = the map's scale: one map pixel per screen pixel, their centres aligned.
      e.setView({ centerX: 4800, centerY: 4000, zoom: 1 / 32 });
      await e.whenIdle();
      // 9,000 small boxes to the right (enough for the map) and one large probe box.
      const boxes = Array.from({ length: 9000 }, (_, i) => ({
        id: `f${i}`,
        x: 8000 + (i % 90) * 16,
        y: 1000 + Math.floor(i / 90) * 60,
        width: 8,
        height: 8,
        label: 0,
      }));
      const probe = (x: number) => ({ id: 'probe', x, y: 3200, width: 3200, height: 3200, label: 1 });
      const read = () => {
        const px = e.debug.readPixels(0, 0, 320, 240);
        const at = (x: number, y: number) => Array.from(px.subarray((y * 320 + x) * 4, (y * 320 + x) * 4 + 3));
        // Screen x of image x: (x - 4800) / 32 + 160; screen y of image y: (y - 4000) / 32 + 120.
        return {
          mode: e.debug.boxMode().mode,
          left: at(110, 150),
          right: at(210, 150),
          top: at(150, 95),
          inside: at(150, 150),
          moved: at(130, 150),
        };
      };
      const framesBefore = e.stats().frames;
      e.setAnnotations([...boxes, probe(3200)]);
      await e.whenIdle();
      const first = { ...read(), frames: e.stats().frames - framesBefore };
      // A new load while a map is on screen: rebuilt behind it, then the probe shows where it moved.
      e.setAnnotations([...boxes, probe(3840)]);
      await e.whenIdle();
      return { first, second: read() };
    });
    const PROBE = [229, 57, 53];
    expect(result.first.mode).toBe('map');
    // How many frames the build takes depends on the machine (it is bounded by time per frame);
    // BoxMapBuild.test.ts checks that a chunked build equals the one-shot raster.
    expect(result.first.frames).toBeGreaterThan(0);
    expect(result.first.left).toEqual(PROBE);
    expect(result.first.right).toEqual(PROBE);
    expect(result.first.top).toEqual(PROBE);
    expect(result.first.inside).not.toEqual(PROBE);
    expect(result.second.mode).toBe('map');
    expect(result.second.left).not.toEqual(PROBE);
    expect(result.second.moved).toEqual(PROBE);
  });

  test('label names are drawn on their boxes through pans and zooms, and only when few are in view', async ({
    page,
  }) => {
    await openLab(page, 0);
    await mountTestEngine(page, { w: 400, h: 300, image: 20_000 });
    const result = await page.evaluate(async () => {
      const e = (window as unknown as TestWindow).testEngine;
      const colors = [
        [0x1e, 0x88, 0xe5],
        [0xe5, 0x39, 0x35],
      ];
      e.setLabels([
        { name: 'car', color: '#1e88e5' },
        { name: 'person', color: '#e53935' },
      ]);
      // A row of boxes wider than the view, so that pans bring labelled boxes in and out, and
      // one box too narrow on screen to get a name.
      const row = Array.from({ length: 40 }, (_, i) => ({
        id: `b${i}`,
        x: 1000 + i * 150,
        y: 2000,
        width: 100,
        height: 80,
        label: i % 2,
      }));
      e.setAnnotations([...row, { id: 'narrow', x: 1620, y: 2100, width: 30, height: 30, label: 0 }]);
      const near = (p: Uint8Array, o: number, c: number[]) =>
        Math.abs((p[o] ?? 0) - (c[0] ?? 0)) <= 3 &&
        Math.abs((p[o + 1] ?? 0) - (c[1] ?? 0)) <= 3 &&
        Math.abs((p[o + 2] ?? 0) - (c[2] ?? 0)) <= 3;
      // Reads the canvas once and checks every box's tag: its background in the label's colour at
      // the left padding (just above the box's top-left corner, as label.vert.glsl places it),
      // white text inside it.
      const check = () => {
        const v = e.getView();
        const px = e.debug.readPixels(0, 0, 400, 300);
        const at = (x: number, y: number) => 4 * (y * 400 + x);
        const misplaced: string[] = [];
        let shown = 0;
        for (const [i, b] of row.entries()) {
          const x = Math.floor((b.x - v.centerX) * v.zoom + 200 + 0.5);
          let y = (b.y - v.centerY) * v.zoom + 150;
          if (y >= 16) y -= 16;
          y = Math.floor(y + 0.5);
          if (x < 0 || x + 30 > 400 || y < 0 || y + 16 > 300) continue;
          shown += 1;
          const color = colors[i % 2] ?? [];
          let white = 0;
          for (let tx = x + 4; tx < x + 24; tx++)
            for (let ty = y + 3; ty < y + 13; ty++)
              if ((px[at(tx, ty)] ?? 0) > 200 && (px[at(tx, ty) + 1] ?? 0) > 200 && (px[at(tx, ty) + 2] ?? 0) > 200)
                white += 1;
          if (!near(px, at(x + 1, y + 8), color) || white < 5)
            misplaced.push(
              `b${i}@${x},${y}: ${Array.from(px.slice(at(x + 1, y + 8), at(x + 1, y + 8) + 3)).join(',')} white ${white}`,
            );
        }
        // The narrow box's tag place (above its top-left corner) shows no label colour.
        const nx = Math.floor((1620 - v.centerX) * v.zoom + 200.5);
        const ny = Math.floor((2100 - v.centerY) * v.zoom + 150 - 16 + 0.5);
        const narrowTagged =
          nx >= 0 && nx < 398 && ny >= 0 && ny < 292 && near(px, at(nx + 1, ny + 8), colors[0] ?? []);
        return { shown, misplaced, narrowTagged, labelsShown: e.debug.labelsShown() };
      };
      const checks = [];
      e.setView({ centerX: 1500, centerY: 2050, zoom: 1 });
      await e.whenIdle();
      checks.push(check());
      for (let step = 1; step <= 12; step++) {
        e.setView({ centerX: 1500 + step * 23.5, centerY: 2050 + step * 3.25, zoom: 1 });
        await e.whenIdle();
        checks.push(check());
      }
      e.zoomAbout({ x: 200, y: 150 }, 1.5);
      await e.whenIdle();
      checks.push(check());
      // More than 200 boxes in view: no names at all (a wall of text helps nobody).
      const crowd = Array.from({ length: 300 }, (_, i) => ({
        id: `c${i}`,
        x: 1210 + (i % 20) * 10,
        y: 1930 + Math.floor(i / 20) * 10,
        width: 8,
        height: 8,
        label: 1,
      }));
      e.setAnnotations([...row, ...crowd]);
      e.setView({ centerX: 1300, centerY: 2000, zoom: 2 });
      await e.whenIdle();
      const crowded = e.debug.labelsShown();
      e.setView({ centerX: 1300, centerY: 2050, zoom: 3 });
      await e.whenIdle();
      return { checks, crowded, fewer: e.debug.labelsShown() };
    });
    for (const check of result.checks) {
      expect(check.labelsShown).toBe(true);
      expect(check.shown).toBeGreaterThan(0);
      expect(check.misplaced).toEqual([]);
      expect(check.narrowTagged).toBe(false);
    }
    expect(result.crowded).toBe(false);
    expect(result.fewer).toBe(true);
  });

  test('panning never shows blank area while finer tiles load', async ({ page }) => {
    // 30 read-backs on a CPU rasteriser, on a machine shared with other suites.
    test.slow();
    await openLab(page, 0);
    // Levels 0 and 1 take 600 ms per tile; the coarse levels arrive at once.
    await mountTestEngine(page, { w: 320, h: 240, image: 30_000, delayFineMs: 600 });
    const result = await page.evaluate(async (bg) => {
      const e = (window as unknown as TestWindow).testEngine;
      e.setView({ centerX: 12_000, centerY: 12_000, zoom: 0.05 });
      await e.whenIdle();
      e.setView({ centerX: 12_000, centerY: 12_000, zoom: 1 });
      let blankFrames = 0;
      let frames = 0;
      let coarseSeen = false;
      for (let step = 0; step < 30; step++) {
        e.setView({ centerX: 12_000 + step * 49, centerY: 12_000 + step * 31, zoom: 1 });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const px = e.debug.readPixels(0, 0, 320, 240);
        let blank = 0;
        for (let o = 0; o < px.length; o += 4)
          if (px[o] === bg[0] && px[o + 1] === bg[1] && px[o + 2] === bg[2]) blank += 1;
        if (blank > 0) blankFrames += 1;
        frames += 1;
        const p = e.debug.tileProgress();
        if (p.loaded < p.wanted) coarseSeen = true;
      }
      return { blankFrames, frames, coarseSeen };
    }, BACKGROUND);
    expect(result.frames).toBe(30);
    // The fine tiles were still loading during the pan (so the test tested something)…
    expect(result.coarseSeen).toBe(true);
    // …and no frame showed the background.
    expect(result.blankFrames).toBe(0);
  });

  test('no WebGL: the engine reports webgl_unavailable instead of a blank canvas', async ({ page }) => {
    await openLab(page, 0);
    const code = await page.evaluate(async () => {
      const lab = window.__engineLab;
      if (!lab) throw new Error('no lab');
      const canvas = document.createElement('canvas');
      canvas.getContext('2d'); // a canvas with a 2D context can never give WebGL
      const e = lab.api.createEngine(canvas, {});
      const got = await new Promise<string>((resolve) => {
        e.on('error', (ev) => resolve(ev.code));
        setTimeout(() => resolve('none'), 2000);
      });
      e.dispose();
      return got;
    });
    expect(code).toBe('webgl_unavailable');
  });

  test('a lost context is reported and the picture comes back when restored', async ({ page }) => {
    await openLab(page, 0);
    await mountTestEngine(page, { w: 200, h: 150, image: 4096 });
    const result = await page.evaluate(async () => {
      const e = (window as unknown as TestWindow).testEngine;
      await e.whenIdle();
      const codes: string[] = [];
      e.on('error', (ev) => codes.push(ev.code));
      const ext = e.debug.loseContextExtension();
      ext?.loseContext();
      await new Promise((r) => setTimeout(r, 200));
      ext?.restoreContext();
      await new Promise((r) => setTimeout(r, 200));
      await e.whenIdle();
      const px = e.debug.readPixels(100, 75, 1, 1);
      return { codes, nonBlank: !(px[0] === 32 && px[1] === 33 && px[2] === 36) };
    });
    expect(result.codes).toContain('context_lost');
    expect(result.nonBlank).toBe(true);
  });
});
