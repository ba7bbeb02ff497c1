import { tileKey, tileRangeFor, tileRect } from '../pyramid';
import type { PyramidInfo, Rect, TileKey } from '../types';

/**
 * Where a coarser tile must show while tiles of the target level load: the image-px rects
 * (one per run of neighbouring positions in a row) of the visible target positions that are
 * not cached and for which `ancestor` is the nearest cached ancestor. Drawing the whole
 * ancestor instead covers the loaded tiles around the gap too — up to 16× the gap's area two
 * levels up — and on SwiftShader every covered pixel is paid for on the same CPU cores as the
 * main thread.
 */
export function fallbackRuns(info: PyramidInfo, ancestor: TileKey, target: number, visible: Rect, has: (key: string) => boolean, out: Rect[] = []): Rect[] {
  out.length = 0;
  const d = ancestor.level - target;
  if (d <= 0) return out;
  const r = tileRangeFor(info, target, visible);
  const x0 = Math.max(r.x0, ancestor.x << d);
  const x1 = Math.min(r.x1, ((ancestor.x + 1) << d) - 1);
  const y0 = Math.max(r.y0, ancestor.y << d);
  const y1 = Math.min(r.y1, ((ancestor.y + 1) << d) - 1);
  const standsIn = (x: number, y: number): boolean => {
    if (has(tileKey(target, x, y))) return false;
    // A nearer cached ancestor draws this position (after this one: coarse first).
    for (let l = target + 1; l < ancestor.level; l++) if (has(tileKey(l, x >> (l - target), y >> (l - target)))) return false;
    return true;
  };
  for (let y = y0; y <= y1; y++) {
    let x = x0;
    while (x <= x1) {
      if (!standsIn(x, y)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x + 1 <= x1 && standsIn(x + 1, y)) x += 1;
      const a = tileRect(info, target, start, y);
      const b = tileRect(info, target, x, y);
      out.push({ x: a.x, y: a.y, width: b.x + b.width - a.x, height: a.height });
      x += 1;
    }
  }
  return out;
}
