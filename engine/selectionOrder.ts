/**
 * The Tab order of annotations: top to bottom, then left to right (by the top-left corner),
 * ties by GPU slot (stable for as long as a box exists). Spatial rather than creation order, so
 * Tab walks the image the way the eye reads it and the order does not depend on who drew
 * what first. One scan over the store's typed per-slot arrays: no sort, no per-box objects
 * (about a millisecond for 100,000 boxes); hidden boxes are skipped.
 */
import type { AnnotationStore } from './AnnotationStore';

/**
 * The id of the box after (`step` 1) or before (-1) `currentId` in Tab order, wrapping around;
 * with no current box (or an unknown one), the first (1) or the last (-1). Null when no box is
 * visible.
 */
export function nextInOrder(store: AnnotationStore, currentId: string | null, step: 1 | -1): string | null {
  const rects = store.rects;
  const labels = store.labelsBySlot;
  const n = store.slotCount;
  const cur = currentId === null ? -1 : store.slotOf(currentId);
  const cy = cur >= 0 ? rects[4 * cur + 1]! : 0;
  const cx = cur >= 0 ? rects[4 * cur]! : 0;
  // `before(a, b)`: slot a comes before slot b in Tab order.
  const before = (ay: number, ax: number, as: number, by: number, bx: number, bs: number) =>
    ay < by || (ay === by && (ax < bx || (ax === bx && as < bs)));
  let best = -1;
  let bestY = 0;
  let bestX = 0;
  let wrap = -1;
  let wrapY = 0;
  let wrapX = 0;
  for (let s = 0; s < n; s++) {
    // Free slots and hidden boxes have label -1.
    if (labels[s]! < 0) continue;
    const y = rects[4 * s + 1]!;
    const x = rects[4 * s]!;
    const inDirection = cur < 0 ? false : step === 1 ? before(cy, cx, cur, y, x, s) : before(y, x, s, cy, cx, cur);
    if (
      inDirection &&
      (best < 0 || (step === 1 ? before(y, x, s, bestY, bestX, best) : before(bestY, bestX, best, y, x, s)))
    ) {
      best = s;
      bestY = y;
      bestX = x;
    }
    // The first (step 1) or last (-1) box overall: the answer when nothing lies in the direction.
    if (wrap < 0 || (step === 1 ? before(y, x, s, wrapY, wrapX, wrap) : before(wrapY, wrapX, wrap, y, x, s))) {
      wrap = s;
      wrapY = y;
      wrapX = x;
    }
  }
  const slot = best >= 0 ? best : wrap;
  return slot < 0 ? null : (store.idAt(slot) ?? null);
}
