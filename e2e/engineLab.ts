import type { Page } from '@playwright/test';
import type { Engine } from '../engine';

/** The page's window with the engine a test mounted. */
export type TestWindow = Window & { testEngine: Engine };

/**
 * The rendering engine in Chromium + SwiftShader, through the lab page (`/lab/engine`, in
 * VITE_LAB=1 builds), which exposes the engine module as `window.__engineLab.api`. Pixel tests
 * mount their own small engine on a fresh canvas, so the lab's 100k-box scene does not
 * interfere; canvases stay small because SwiftShader rasterises on the CPU.
 */

export const LAB = '/lab/engine';
/** The engine's default clear colour: "blank" in the tests below means exactly this RGB. */
export const BACKGROUND = [32, 33, 36];

/** Opens the lab; `boxes` = 0 skips the 100k-box scene for tests that mount their own engine. */
export async function openLab(page: Page, boxes?: number) {
  await page.goto(boxes === undefined ? LAB : `${LAB}?boxes=${boxes}`);
  await page.waitForFunction(() => window.__engineLab?.engine != null, null, { timeout: 20_000 });
}

/** Mounts an engine of `w`×`h` CSS px on a new canvas with a procedural source; stored on window. */
export async function mountTestEngine(page: Page, opts: { w: number; h: number; image: number; delayFineMs?: number }) {
  await page.evaluate(({ w, h, image, delayFineMs }) => {
    const lab = window.__engineLab;
    if (!lab) throw new Error('no lab');
    const old = document.getElementById('pixel-test');
    old?.remove();
    const host = document.createElement('div');
    host.id = 'pixel-test';
    Object.assign(host.style, {
      position: 'fixed',
      left: '0',
      top: '0',
      width: `${w}px`,
      height: `${h}px`,
      zIndex: '10000',
    });
    const canvas = document.createElement('canvas');
    Object.assign(canvas.style, { width: '100%', height: '100%', display: 'block' });
    host.appendChild(canvas);
    document.body.appendChild(host);
    const engine = lab.api.createEngine(canvas, { preserveDrawingBuffer: true, dpr: 1 });
    const source = new lab.api.ProceduralTileSource({
      width: image,
      height: image,
      delayMs: delayFineMs ? (level: number) => (level < 2 ? delayFineMs : 0) : 0,
    });
    engine.loadImage(source);
    (window as unknown as TestWindow).testEngine = engine;
  }, opts);
}
