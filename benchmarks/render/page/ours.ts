/**
 * Our engine on the benchmark pyramid (DeepZoom layout, read through HttpTileSource's level
 * mapping), decoded by the app's worker pool. The driver in render.bench.ts talks to
 * `window.subject`, the same shape as on the OpenSeadragon page.
 */
import {
  createEngine,
  deepZoomLevels,
  HttpTileSource,
  SYNTHETIC_LABELS,
  syntheticBoxes,
  type View,
} from '../../../engine';
import { tileDecoder } from '../../../workers/clients';
import type { BenchSubject } from './subject';

const params = new URLSearchParams(location.search);
const width = Number(params.get('w'));
const height = Number(params.get('h'));
const tileSize = Number(params.get('tile'));
const levels = Number(params.get('levels'));
const boxes = Number(params.get('boxes') ?? 0);
const uploads = params.get('uploads');

const canvas = document.getElementById('canvas') as HTMLCanvasElement;
const engine = createEngine(canvas, {
  services: { decoder: tileDecoder() },
  dpr: 1,
  ...(uploads ? { maxUploadsPerFrame: Number(uploads) } : {}),
});
const info = { width, height, tileSize, levels };
engine.setLabels([...SYNTHETIC_LABELS]);
// No decoder here: the source takes the engine's services.decoder (the worker pool).
engine.loadImage(
  new HttpTileSource({ info, urlTemplate: '/tiles/ours/{level}/{x}_{y}.jpg', ...deepZoomLevels(width, height) }),
);
if (boxes > 0) engine.setAnnotations(syntheticBoxes(boxes, width, height, 7));

let errors = 0;
engine.on('error', () => {
  errors += 1;
});

const subject: BenchSubject = {
  name: 'ours',
  setView(view: View) {
    engine.setView(view);
  },
  isSharp() {
    return engine.debug.isSharp();
  },
  tilesUsed() {
    return engine.stats().textureUploads;
  },
  errors: () => errors,
  stats: () => ({ ...engine.stats() }),
  setContrast(c: number) {
    engine.setAdjustments({ contrast: c });
  },
  whenIdle: () => engine.whenIdle(),
};
window.subject = subject;
(window as unknown as { __mode: () => string }).__mode = () => {
  const m = engine.debug.boxMode();
  return m.mode === 'map' ? 'M' : `S${m.streamed}`;
};
