/**
 * The page of the `drag a box` benchmark: our engine on a procedural 20,000 × 20,000 image,
 * fitted, select tool, with one box to drag at the image centre and `boxes` synthetic boxes
 * around it (none under the press point, so the press always takes that box; with
 * `selectAll=1` all are selected and move together). The driver in
 * ../dragBox.ts presses and moves the real mouse and reads `window.dragBench`.
 */
import { createEngine, ProceduralTileSource, SYNTHETIC_LABELS, syntheticBoxes, type Box } from '../../../engine';

/** What the driver reads. */
export interface DragBench {
  /** Tiles sharp and no frame or build pending. */
  whenReady(): Promise<void>;
  /** The press point (CSS px from the canvas's top left): the dragged box's centre. */
  pressPoint(): { x: number; y: number };
  /** The dragged box now (its top-left corner, image px). */
  dragged(): { x: number; y: number } | null;
  boxCount(): number;
  errors(): number;
}

declare global {
  interface Window {
    dragBench?: DragBench;
  }
}

export const IMAGE = 20_000;
export const DRAGGED: Box = { id: 'dragged', x: 9_700, y: 9_800, width: 600, height: 400, label: 0 };

const params = new URLSearchParams(location.search);
const boxes = Number(params.get('boxes') ?? 0);
const canvas = document.getElementById('canvas') as HTMLCanvasElement;
const engine = createEngine(canvas, { dpr: 1, tool: 'select', labels: [...SYNTHETIC_LABELS] });
engine.loadImage(new ProceduralTileSource({ width: IMAGE, height: IMAGE }));
const cx = DRAGGED.x + DRAGGED.width / 2;
const cy = DRAGGED.y + DRAGGED.height / 2;
// `selectAll=1`: every box is selected, so the drag moves them all; they then keep a margin of a
// tenth of the image, since a selection moves only as far as its bounding box stays on the image.
const selectAll = params.get('selectAll') === '1';
const margin = selectAll ? IMAGE / 10 : 0;
const others = syntheticBoxes(boxes, IMAGE - 2 * margin, IMAGE - 2 * margin, 11)
  .map((b) => ({ ...b, x: b.x + margin, y: b.y + margin }))
  .filter((b) => !(cx >= b.x && cx <= b.x + b.width && cy >= b.y && cy <= b.y + b.height));
engine.setAnnotations([...others, DRAGGED]);
if (selectAll) engine.selectAll();
let errors = 0;
engine.on('error', () => {
  errors += 1;
});

window.dragBench = {
  async whenReady() {
    for (;;) {
      await engine.whenIdle();
      if (engine.debug.isSharp()) return;
      await new Promise((r) => requestAnimationFrame(r));
    }
  },
  pressPoint() {
    const v = engine.getView();
    return {
      x: (cx - v.centerX) * v.zoom + canvas.clientWidth / 2,
      y: (cy - v.centerY) * v.zoom + canvas.clientHeight / 2,
    };
  },
  dragged() {
    const b = engine.getBoxes().find((x) => x.id === DRAGGED.id);
    return b ? { x: b.x, y: b.y } : null;
  },
  boxCount: () => others.length + 1,
  errors: () => errors,
};
