import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type * as tf from '@tensorflow/tfjs';
import { strFromU8, strToU8, unzipSync, zipSync, zlibSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODEL_UPLOAD_MAX_BYTES, type ModelManifest, type ModelUploadErrorCode } from '../contract/apiModels';
import { classifierStandardPlugin } from './classification/classifierPlugin';
import { composeModel } from './composeModel';
import { checkModelZip, ModelZipError, readModelZip, writeModelZip } from './modelZip';
import { mobileNetV2Artifacts } from './node/mobileNetV2Artifacts';
import { predictImages } from './predict';
import { initTf } from './runtime';
import { syntheticShapes } from './synthetic';
import type { RgbImage } from './types';

const SIZE = 128;
const labels = [
  { name: 'cat', color: '#ff0000' },
  { name: 'dog', color: '#00ff00' },
  { name: 'fox', color: '#0000ff' },
];
const manifest: ModelManifest = {
  format: 'maru-model',
  version: 1,
  task: 'classification',
  network: 'classifier-standard',
  backbone: 'mobilenet-v2',
  inputSize: SIZE,
  labels,
  preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1 / 255, offset: 0 },
  detection: null,
  metrics: { accuracy: 0.93 },
  createdAt: '2026-11-27T00:00:00.000Z',
  trainingId: 'training-1',
  tag: 'first',
};
const images = syntheticShapes({ task: 'classification', count: 6, size: 150, seed: 21 }).items.map((i) => i.image);

let model: tf.LayersModel;
let zip: Uint8Array;
let files: Record<string, Uint8Array>;

function rezip(change: (files: Record<string, Uint8Array>) => void): Uint8Array {
  const copy = { ...files };
  change(copy);
  return zipSync(copy);
}

/** A minimal PNG (8-bit RGB, no filtering): what a user would hand the README's program. */
function encodePng(image: RgbImage): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(strToU8(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, image.width);
  new DataView(header.buffer).setUint32(4, image.height);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = new Uint8Array(image.height * (1 + image.width * 3));
  for (let y = 0; y < image.height; y++) {
    rows.set(image.data.subarray(y * image.width * 3, (y + 1) * image.width * 3), y * (1 + image.width * 3) + 1);
  }
  const parts = [
    Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}

async function codeOf(
  bytes: Uint8Array,
  expect?: Parameters<typeof checkModelZip>[1],
): Promise<ModelUploadErrorCode | 'ok'> {
  try {
    await checkModelZip(bytes, expect);
    return 'ok';
  } catch (error) {
    if (error instanceof ModelZipError) return error.code;
    throw error;
  }
}

describe('model zip', () => {
  beforeAll(async () => {
    await initTf();
    const head = classifierStandardPlugin.buildHead([1280], labels.length);
    model = await composeModel(mobileNetV2Artifacts(), classifierStandardPlugin, SIZE, head);
    zip = await writeModelZip(model, manifest);
    files = unzipSync(zip);
  }, 120_000);

  it('holds the model, its uint8 weights, the manifest and a README, in a few MB', () => {
    expect(Object.keys(files).sort()).toEqual(['README.md', 'manifest.json', 'model.json', 'weights.bin']);
    expect(zip.byteLength).toBeGreaterThan(1_000_000);
    expect(zip.byteLength).toBeLessThan(5_000_000);
    const modelJson = JSON.parse(strFromU8(files['model.json']!));
    const specs = modelJson.weightsManifest[0].weights as tf.io.WeightsManifestEntry[];
    expect(specs.some((s) => s.quantization?.dtype === 'uint8')).toBe(true);
    expect(JSON.parse(strFromU8(files['manifest.json']!))).toEqual(manifest);
    const readme = strFromU8(files['README.md']!);
    expect(readme).toContain('| 1 | dog | #00ff00 |');
    expect(readme).toContain(`[1, ${SIZE}, ${SIZE}, 3]`);
  });

  it('reads back to the same predictions, within the quantization error', async () => {
    const loaded = await readModelZip(zip);
    expect(loaded.manifest).toEqual(manifest);
    const before = await predictImages(model, classifierStandardPlugin, SIZE, 3, images);
    const after = await loaded.predictMany(images);
    let worst = 0;
    before.forEach((predictions, i) => {
      for (const p of predictions) {
        const q = after[i]!.find((a) => a.classIndex === p.classIndex)!;
        worst = Math.max(worst, Math.abs(p.score - q.score));
      }
    });
    // Measured: ~7e-4 for trained heads; uint8 steps are 1/255 of each kernel's range.
    expect(worst).toBeLessThan(5e-3);
    const single = await loaded.predict(images[0]!);
    expect(single.map((p) => p.classIndex)).toEqual(after[0]!.map((p) => p.classIndex));
    expect(single.reduce((n, p) => n + p.score, 0)).toBeCloseTo(1, 4);
    expect(loaded.headWeights()!.byteLength).toBeGreaterThan(1280 * 256 * 4);
    loaded.dispose();
  }, 60_000);

  it('refuses each kind of bad upload with its code', async () => {
    const cases: [ModelUploadErrorCode, Uint8Array, Parameters<typeof checkModelZip>[1]?][] = [
      ['model_not_zip', strToU8('this is not a zip')],
      ['model_too_large', new Uint8Array(MODEL_UPLOAD_MAX_BYTES + 1)],
      ['model_too_large', rezip((f) => Array.from({ length: 70 }, (_, i) => (f[`extra/${i}.txt`] = strToU8('x'))))],
      ['model_manifest_missing', rezip((f) => delete f['manifest.json'])],
      ['model_manifest_invalid', rezip((f) => (f['manifest.json'] = strToU8('{ not json')))],
      [
        'model_manifest_invalid',
        rezip((f) => (f['manifest.json'] = strToU8(JSON.stringify({ ...manifest, version: 2 })))),
      ],
      [
        'model_manifest_invalid',
        rezip((f) => (f['manifest.json'] = strToU8(JSON.stringify({ ...manifest, network: 'detector-compact' })))),
      ],
      ['model_files_missing', rezip((f) => delete f['model.json'])],
      ['model_files_missing', rezip((f) => delete f['weights.bin'])],
      ['model_weights_invalid', rezip((f) => (f['weights.bin'] = f['weights.bin']!.slice(0, 1000)))],
      [
        'model_weights_invalid',
        rezip((f) => (f['model.json'] = strToU8('{"modelTopology": {"class_name": "Nope"}, "weightsManifest": []}'))),
      ],
      [
        'model_output_mismatch',
        rezip(
          (f) =>
            (f['manifest.json'] = strToU8(
              JSON.stringify({ ...manifest, labels: [...labels, { name: 'owl', color: '#000000' }] }),
            )),
        ),
      ],
      [
        'model_output_mismatch',
        rezip((f) => (f['manifest.json'] = strToU8(JSON.stringify({ ...manifest, inputSize: 160 })))),
      ],
      ['model_task_mismatch', zip, { task: 'detection' }],
      ['model_labels_unknown', zip, { task: 'classification', labelNames: ['cat', 'dog'] }],
    ];
    for (const [code, bytes, expectation] of cases) expect(await codeOf(bytes, expectation)).toBe(code);
    expect(await codeOf(zip, { task: 'classification', labelNames: ['fox', 'dog', 'cat', 'owl'] })).toBe('ok');
  }, 120_000);

  it('has a README whose Node program runs the model on an image file', async () => {
    const readme = strFromU8(files['README.md']!);
    const program = /```js\n(\/\/ predict\.mjs[\s\S]*?)```/.exec(readme)?.[1];
    expect(program).toBeDefined();
    // Inside node_modules so the program finds the packages it imports, as it would in a user's project.
    const dir = await mkdtemp(join(process.cwd(), 'node_modules', '.model-readme-'));
    try {
      for (const name of ['model.json', 'weights.bin', 'manifest.json']) await writeFile(join(dir, name), files[name]!);
      await writeFile(join(dir, 'predict.mjs'), program!);
      // At the input size already, so the program's resizing (sharp) and the product's cannot differ.
      const image = syntheticShapes({ task: 'classification', count: 1, size: SIZE, seed: 5 }).items[0]!.image;
      await writeFile(join(dir, 'photo.png'), encodePng(image));
      const { stdout } = await promisify(execFile)(process.execPath, ['predict.mjs', 'photo.png'], { cwd: dir });
      const loaded = await readModelZip(zip);
      const expected = await loaded.predict(image);
      loaded.dispose();
      // The program prints every label, best first: its first must be the product's best.
      expect(/label: '(\w+)'/.exec(stdout)?.[1]).toBe(labels[expected[0]!.classIndex]!.name);
      expect(stdout.match(/label: /g)).toHaveLength(3);
      const printed = Number(/score: ([\d.e-]+)/.exec(stdout)?.[1]);
      expect(printed).toBeCloseTo(expected[0]!.score, 4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
