import { describe, expect, it } from 'vitest';
import { createHeadlessEngine } from '../headless';
import { pyramidInfo, tileLevelRect } from '../pyramid';
import type { TileImage, TileSource } from '../types';
import { collectWindow, pointsToImage, toWindow } from './collectWindow';
import { proposeRegion, type RgbaWindow } from './proposeRegion';
import { attachAssist, type AssistService } from './runAssist';
import { boxIou, makeScene, maskIou, rasterizePolygon } from './syntheticScenes';

/** A pyramid over one RGBA image (level l samples every 2^l-th pixel), cut into 256 px tiles. */
function rasterSource(image: RgbaWindow, tileSize = 256): TileSource & { requests: number } {
  const info = pyramidInfo(image.width, image.height, tileSize);
  const source = {
    info,
    requests: 0,
    getTile(level: number, x: number, y: number): Promise<TileImage> {
      source.requests += 1;
      const r = tileLevelRect(info, level, x, y);
      const data = new Uint8ClampedArray(r.width * r.height * 4);
      const s = 2 ** level;
      for (let ty = 0; ty < r.height; ty++) {
        for (let tx = 0; tx < r.width; tx++) {
          const sx = Math.min(image.width - 1, (r.x + tx) * s);
          const sy = Math.min(image.height - 1, (r.y + ty) * s);
          data.set(
            image.data.subarray((sy * image.width + sx) * 4, (sy * image.width + sx) * 4 + 4),
            (ty * r.width + tx) * 4,
          );
        }
      }
      return Promise.resolve({ width: r.width, height: r.height, data });
    },
  };
  return source;
}

/** proposeRegion in-process, holding the last window like the worker does; counts windows sent. */
function inProcessService(): AssistService & { windows: number } {
  let current: RgbaWindow | null = null;
  const service = {
    windows: 0,
    propose(window: RgbaWindow | null, seeds: Parameters<AssistService['propose']>[1]) {
      if (window) {
        current = window;
        service.windows += 1;
      }
      return Promise.resolve({ proposal: proposeRegion(current!, seeds), ms: 0 });
    },
  };
  return service;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('collectWindow', () => {
  it('composes the level pixels around a point from several tiles, shifted inside the level', async () => {
    const width = 1500;
    const height = 900;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      data[i * 4] = i % 251;
      data[i * 4 + 1] = Math.floor(i / width) % 253;
      data[i * 4 + 3] = 255;
    }
    const source = rasterSource({ width, height, data });
    const w = await collectWindow(source, 0, { x: 1400, y: 100 }, { size: 600 });
    expect(w.window.width).toBe(600);
    expect(w.window.height).toBe(600);
    expect(w.origin).toEqual({ x: 900, y: 0 });
    for (const [x, y] of [
      [0, 0],
      [599, 599],
      [123, 456],
      [355, 257],
    ] as const) {
      const i = (y + w.origin.y) * width + (x + w.origin.x);
      expect(w.window.data[(y * 600 + x) * 4]).toBe(i % 251);
      expect(w.window.data[(y * 600 + x) * 4 + 1]).toBe(Math.floor(i / width) % 253);
    }
    const atLevel1 = await collectWindow(source, 1, { x: 700, y: 450 });
    expect(atLevel1.window.width).toBe(750);
    expect(atLevel1.window.height).toBe(450);
    expect(atLevel1.scale).toBe(2);
    expect(toWindow({ x: 700, y: 450 }, atLevel1)).toEqual({ x: 350, y: 225 });
    expect(pointsToImage([350, 225], atLevel1)).toEqual([700, 450]);
  });
});

describe('attachAssist', () => {
  it('answers a click with a proposal at the level in view; Enter makes the box of the object', async () => {
    const scene = makeScene({ seed: 5, shape: 'ellipse', background: 'gradient', width: 2000, height: 1500 });
    const source = rasterSource(scene.window);
    const h = createHeadlessEngine({ width: 2000, height: 1500, tool: 'assistPoint' });
    const service = inProcessService();
    const detach = attachAssist(
      {
        on: (type, listener) => h.core.on(type, listener),
        getView: () => h.core.view,
        getSource: () => source,
        setProposal: (shape) => h.core.setProposal(shape),
      },
      { service, dpr: () => 1 },
    );
    const p = h.toScreen(scene.click.x, scene.click.y);
    h.click(p.x, p.y);
    await flush();
    expect(h.core.toolState).toBe('proposing');
    expect(h.key('Enter')).toBe(true);
    const [box] = h.boxes();
    expect(boxIou(box!, scene.truthBox)).toBeGreaterThanOrEqual(0.9);

    // Polygon mode, same object: the window the worker holds is reused, for the click and the negative one.
    h.core.setAssistShape('polygon');
    h.click(p.x, p.y);
    await flush();
    const corner = h.toScreen(30, 30);
    h.click(corner.x, corner.y, { shiftKey: true });
    await flush();
    expect(service.windows).toBe(1);
    h.key('Enter');
    const polygon = h.boxes()[1]!;
    expect(polygon.points!.length).toBeGreaterThanOrEqual(8);
    expect(maskIou(rasterizePolygon(polygon.points!, 2000, 1500), scene.truth)).toBeGreaterThanOrEqual(0.9);
    detach();
    h.click(p.x, p.y);
    await flush();
    expect(h.core.toolState).toBe('waiting');
  });
});
