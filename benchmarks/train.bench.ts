/**
 * `npm run bench:train` — training and inference on this machine, with the real trainer code
 * (ml/trainModel) on seeded synthetic shapes (ml/synthetic.ts), and the studio's real assist
 * worker in Chromium. Writes benchmarks/results/train.json. Cases:
 *
 * - `compact-detector 500x256 10 epochs` (detector-compact), `classifier 500x224 10 epochs`
 *   (classifier-compact), `classifier-standard 500x224 10 epochs`: wasm in Node, one whole
 *   training each (augmentation off; a tenth of the images is the validation split):
 *   `feature_ms_per_image` (the frozen backbone, once an image), `epoch_s` (the head, with the
 *   epoch's evaluation), `train_time_s` (the whole run, model composition included) and the last
 *   epoch's `val_accuracy` (mAP@0.5 for the detector), so speed never hides broken learning.
 *   Goals: detector ≤ 300 s, classifier ≤ 120 s.
 * - the same networks `… cpu`: the pure-JS backend on a sample (TRAIN_CPU_SAMPLE images, one
 *   epoch), the whole run projected from its rates (`train_time_projected_s`).
 * - `infer …`: the trained models' pixels-to-outputs inference in Node, one image at a time.
 * - `assist 640 webgl|wasm`: the studio's assist worker answering a 640² view with the trained
 *   detector (goal ≤ 300 ms).
 *
 * Settings: TRAIN_IMAGES (500), TRAIN_EPOCHS (10), TRAIN_CPU_SAMPLE (12), ASSIST_RUNS (20),
 * TRAIN_CASES=detector,assist (only the cases whose name contains one of the words).
 */
import type * as tf from '@tensorflow/tfjs';
import type { Network } from '../contract/apiTraining';
import { DETECTION_DEFAULTS } from '../ml/detection/centerGrid';
import { writeModelZip } from '../ml/modelZip';
import { SYNTHETIC_LABELS } from '../ml/synthetic';
import { assistInWorkerRows } from './train/assistInWorker';
import { nodeInferenceRows, trainCaseRows, type TrainCase } from './train/nodeTraining';
import { machineInfo, writeResults, type ResultRow } from './writeResults';

const IMAGES = Number(process.env.TRAIN_IMAGES ?? 500);
const EPOCHS = Number(process.env.TRAIN_EPOCHS ?? 10);
const CPU_SAMPLE = Number(process.env.TRAIN_CPU_SAMPLE ?? 12);
const ASSIST_RUNS = Number(process.env.ASSIST_RUNS ?? 20);
const only = (process.env.TRAIN_CASES ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const wanted = (name: string) => only.length === 0 || only.some((w) => name.toLowerCase().includes(w));

const NETWORKS: { network: Network; label: string; inputSize: number }[] = [
  { network: 'detector-compact', label: 'compact-detector', inputSize: 256 },
  { network: 'classifier-compact', label: 'classifier', inputSize: 224 },
  { network: 'classifier-standard', label: 'classifier-standard', inputSize: 224 },
];

const rows: ResultRow[] = [];
const failed: string[] = [];
const meta: { browser?: string } = {};
const models = new Map<Network, tf.LayersModel>();

async function attempt(name: string, work: () => Promise<void>): Promise<void> {
  console.log(`\n== ${name}`);
  const t0 = Date.now();
  try {
    await work();
    console.log(`   (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  } catch (e) {
    failed.push(name);
    console.error(`${name}: failed — ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
}

for (const n of NETWORKS) {
  const c: TrainCase = {
    name: `${n.label} ${IMAGES}x${n.inputSize} ${EPOCHS} epochs`,
    network: n.network,
    images: IMAGES,
    inputSize: n.inputSize,
    epochs: EPOCHS,
    backend: 'wasm',
  };
  // The assist cases need the trained detector: asking for them trains it too.
  const needed = wanted(c.name) || (n.network === 'detector-compact' && wanted('assist 640'));
  if (!needed) continue;
  await attempt(c.name, async () => {
    const { rows: r, model } = await trainCaseRows(c, console.log);
    rows.push(...(wanted(c.name) ? r : []));
    models.set(n.network, model);
  });
}
for (const n of NETWORKS) {
  const name = `${n.label} cpu ${IMAGES}x${n.inputSize} ${EPOCHS} epochs`;
  if (!wanted(name)) continue;
  await attempt(name, async () => {
    const c: TrainCase = {
      name,
      network: n.network,
      images: IMAGES,
      inputSize: n.inputSize,
      epochs: EPOCHS,
      backend: 'cpu',
    };
    const { rows: r, model } = await trainCaseRows({ ...c, sampleImages: CPU_SAMPLE }, console.log);
    rows.push(...r);
    model.dispose();
  });
}
for (const n of NETWORKS) {
  const model = models.get(n.network);
  const name = `infer ${n.label} ${n.inputSize}`;
  if (!model || !wanted(name)) continue;
  await attempt(name, async () => {
    rows.push(...(await nodeInferenceRows(name, model, 'wasm', 20, console.log)));
    rows.push(...(await nodeInferenceRows(name, model, 'cpu', 3, console.log)));
  });
}
const detector = models.get('detector-compact');
if (detector && wanted('assist 640'))
  await attempt('assist 640', async () => {
    const zip = await writeModelZip(detector!, {
      format: 'maru-model',
      version: 1,
      task: 'detection',
      network: 'detector-compact',
      backbone: 'mobilenet-v2',
      inputSize: 256,
      labels: SYNTHETIC_LABELS.map((l) => ({ ...l })),
      preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1 / 255, offset: 0 },
      detection: {
        encoding: 'center-grid-v1',
        gridSize: detector!.outputs[0]!.shape[1]!,
        scoreThreshold: 0.3,
        nmsIou: DETECTION_DEFAULTS.nmsIou,
        maxDetections: DETECTION_DEFAULTS.maxDetections,
      },
      metrics: {},
      createdAt: new Date().toISOString(),
      trainingId: null,
      tag: 'bench',
    });
    rows.push(...(await assistInWorkerRows(zip, ASSIST_RUNS, console.log, meta)));
  });

console.log('');
console.table(rows.map((r) => ({ case: r.case, metric: r.metric, value: Number(r.value.toFixed(3)) })));
const file = writeResults('train', rows, {
  machine: { ...machineInfo(), ...(meta.browser ? { browser: meta.browser } : {}) },
  settings: { images: IMAGES, epochs: EPOCHS, cpuSample: CPU_SAMPLE, assistRuns: ASSIST_RUNS, augmentation: false },
});
console.log(`wrote ${file}`);
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
process.exit(0);
