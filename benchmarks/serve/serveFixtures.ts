/**
 * The serving benchmark's model and images: a MobileNetV2 classifier at 224 px (the shipped
 * backbone with a compact head; its weights are untrained, which changes no timing) and seeded
 * 640 × 480 JPEGs, the size a camera on site sends.
 */
import sharp from 'sharp';
import { MODEL_FORMAT, MODEL_FORMAT_VERSION, type ModelManifest } from '../../contract/apiModels';
import { mulberry32 } from '../../contract/seededRandom';
import { composeModel } from '../../ml/composeModel';
import { writeModelZip } from '../../ml/modelZip';
import { networkPlugin } from '../../ml/networks';
import { mobileNetV2Artifacts } from '../../ml/node/mobileNetV2Artifacts';

export const BENCH_LABELS = ['ok', 'scratch', 'dent'] as const;
export const BENCH_INPUT_SIZE = 224;

/** The model zip (tfjs must be initialised). */
export async function benchModelZip(): Promise<Uint8Array> {
  const plugin = networkPlugin('classifier-compact');
  const head = plugin.buildHead([1280], BENCH_LABELS.length);
  const model = await composeModel(mobileNetV2Artifacts(), plugin, BENCH_INPUT_SIZE, head);
  const manifest: ModelManifest = {
    format: MODEL_FORMAT,
    version: MODEL_FORMAT_VERSION,
    task: 'classification',
    network: 'classifier-compact',
    backbone: 'mobilenet-v2',
    inputSize: BENCH_INPUT_SIZE,
    labels: BENCH_LABELS.map((name, i) => ({ name, color: ['#43a047', '#e53935', '#1e88e5'][i]! })),
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1, offset: 0 },
    detection: null,
    metrics: {},
    createdAt: '2026-11-27T00:00:00Z',
    trainingId: null,
    tag: 'serve-bench',
  };
  try {
    return await writeModelZip(model, manifest);
  } finally {
    model.dispose();
  }
}

/** `count` seeded JPEGs (quality 85): gradients, a few rectangles and sensor-like noise. */
export async function benchImages(count: number, width = 640, height = 480): Promise<Buffer[]> {
  const images: Buffer[] = [];
  for (let n = 0; n < count; n++) {
    const random = mulberry32(1000 + n);
    const data = Buffer.alloc(width * height * 3);
    const rects = Array.from({ length: 4 }, () => ({
      x: random() * width,
      y: random() * height,
      w: 40 + random() * 160,
      h: 40 + random() * 160,
      rgb: [random() * 255, random() * 255, random() * 255],
    }));
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const rect = rects.find((r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h);
        const base = rect ? rect.rgb : [(x / width) * 200, (y / height) * 200, 90 + n * 10];
        const i = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, base[c]! + (random() - 0.5) * 24));
      }
    }
    images.push(
      await sharp(data, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return images;
}
