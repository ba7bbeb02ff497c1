import type { ModelManifest } from '../contract/apiModels';

/*
 * README.md of a model zip: what the model is, how to feed it, and two programs that run it with
 * nothing but public npm packages (Node) or a script tag (browser), decoding included.
 */

const classificationDecode = `function decode(output) {
  // output: one probability per label (softmax), in manifest.labels order.
  return Array.from(output, (score, i) => ({ label: manifest.labels[i].name, score }))
    .sort((a, b) => b.score - a.score);
}`;

/** The center-grid-v1 decoding, as a standalone function (the same as the product's). */
export const DETECTION_DECODE_SNIPPET = `function decode(output) {
  // output: gridSize × gridSize cells, row-major, each with C centre logits then tx, ty, tw, th.
  const { gridSize: G, scoreThreshold, nmsIou, maxDetections } = manifest.detection;
  const C = manifest.labels.length, D = C + 4;
  const at = (row, col, k) => output[(row * G + col) * D + k];
  const found = [];
  for (let row = 0; row < G; row++) for (let col = 0; col < G; col++) for (let k = 0; k < C; k++) {
    const logit = at(row, col, k);
    const score = 1 / (1 + Math.exp(-logit));
    if (score < scoreThreshold) continue;
    // Keep only local peaks: no 3 × 3 neighbour of the same label is higher.
    let peak = true;
    for (let dr = -1; dr <= 1 && peak; dr++) for (let dc = -1; dc <= 1; dc++) {
      const r = row + dr, c = col + dc;
      if ((dr || dc) && r >= 0 && r < G && c >= 0 && c < G && at(r, c, k) > logit) { peak = false; break; }
    }
    if (!peak) continue;
    const cx = (col + at(row, col, C)) / G, cy = (row + at(row, col, C + 1)) / G;
    const w = Math.min(1, Math.exp(at(row, col, C + 2))), h = Math.min(1, Math.exp(at(row, col, C + 3)));
    const x0 = Math.max(0, cx - w / 2), y0 = Math.max(0, cy - h / 2);
    const x1 = Math.min(1, cx + w / 2), y1 = Math.min(1, cy + h / 2);
    if (x1 > x0 && y1 > y0) found.push({ k, score, box: [x0, y0, x1 - x0, y1 - y0] });
  }
  // Per-label non-maximum suppression; boxes are x, y, width, height relative to the image (0–1).
  const iou = (a, b) => {
    const ix = Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]));
    const iy = Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]));
    const inter = ix * iy;
    return inter / (a[2] * a[3] + b[2] * b[3] - inter);
  };
  const kept = [];
  for (const p of found.sort((a, b) => b.score - a.score)) {
    if (kept.length >= maxDetections) break;
    if (!kept.some((q) => q.k === p.k && iou(q.box, p.box) > nmsIou)) kept.push(p);
  }
  return kept.map((p) => ({ label: manifest.labels[p.k].name, score: p.score, box: p.box }));
}`;

function metricsTable(metrics: Record<string, number>): string {
  const rows = Object.entries(metrics).map(([name, value]) => `| ${name} | ${Number(value.toFixed(4))} |`);
  return rows.length ? ['| Metric | Value |', '| --- | --- |', ...rows].join('\n') : 'No metrics were recorded.';
}

export function modelReadme(manifest: ModelManifest): string {
  const detection = manifest.task === 'detection';
  const size = manifest.inputSize;
  const decodeSnippet = detection ? DETECTION_DECODE_SNIPPET : classificationDecode;
  const labels = manifest.labels.map((l, i) => `| ${i} | ${l.name} | ${l.color} |`).join('\n');
  const output = detection
    ? `\`[1, ${manifest.detection!.gridSize}, ${manifest.detection!.gridSize}, ${manifest.labels.length + 4}]\`: a grid of ` +
      `${manifest.detection!.gridSize} × ${manifest.detection!.gridSize} cells (encoding \`${manifest.detection!.encoding}\`). ` +
      `Each cell holds one centre logit per label (sigmoid = the score that a box of that label is centred in the cell), ` +
      `then tx, ty (the centre inside the cell, 0–1) and tw, th (log of the box's width and height relative to the image). ` +
      `Decode: keep cells whose score is at least \`scoreThreshold\` (${manifest.detection!.scoreThreshold}) and is a ` +
      `3 × 3 local maximum, turn them into boxes, then apply per-label NMS at IoU ${manifest.detection!.nmsIou}, ` +
      `at most ${manifest.detection!.maxDetections} boxes.`
    : `\`[1, ${manifest.labels.length}]\`: one probability per label (softmax), in the order of the table above.`;
  return `# ${manifest.tag ?? 'Model'} — ${manifest.network}

A TensorFlow.js LayersModel for image ${manifest.task}: a MobileNetV2 backbone (ImageNet-pretrained,
α 1.0, frozen) with a head trained on your labels. Created ${manifest.createdAt}${
    manifest.trainingId ? ` by training ${manifest.trainingId}` : ''
  }.

## Files

- \`model.json\`, \`weights.bin\`: the whole network, from pixels to outputs (weights uint8-quantized; TF.js
  restores them when loading).
- \`manifest.json\`: labels, input size, preprocessing${detection ? ', box decoding settings' : ''} and metrics.

## Labels

| Output | Label | Colour |
| --- | --- | --- |
${labels}

## Metrics

${metricsTable(manifest.metrics)}

## Input and preprocessing

- Input tensor \`[1, ${size}, ${size}, 3]\`, float32, RGB pixel values 0–255 (no normalisation needed: the
  model rescales by ${manifest.preprocessing.scale.toPrecision(6)} inside).
- Resize the whole image to ${size} × ${size} ignoring the aspect ratio (stretch, bilinear with half-pixel
  centres; another resampler shifts the scores a little).

## Output

${output}

## Node

\`\`\`sh
npm install @tensorflow/tfjs @tensorflow/tfjs-backend-wasm sharp
node predict.mjs photo.jpg
\`\`\`

\`\`\`js
// predict.mjs — run next to model.json, weights.bin and manifest.json
import { readFile } from 'node:fs/promises';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import sharp from 'sharp';

const manifest = JSON.parse(await readFile('manifest.json', 'utf8'));
const modelJson = JSON.parse(await readFile('model.json', 'utf8'));
const weights = await readFile('weights.bin');
await tf.setBackend('wasm');
const model = await tf.loadLayersModel(
  tf.io.fromMemory({
    modelTopology: modelJson.modelTopology,
    weightSpecs: modelJson.weightsManifest[0].weights,
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  }),
);
const size = manifest.inputSize;
const { data } = await sharp(process.argv[2]).removeAlpha().resize(size, size, { fit: 'fill', kernel: 'linear' }).raw()
  .toBuffer({ resolveWithObject: true });
const input = tf.tensor4d(Float32Array.from(data), [1, size, size, 3]);
const output = await model.predict(input).data();

${decodeSnippet}

console.log(decode(output));
\`\`\`

## Browser

\`\`\`html
<script src="https://cdn.jsdelivr.net/npm/@tensorflow/tfjs@4.22.0/dist/tf.min.js"></script>
<img id="photo" src="photo.jpg" crossorigin="anonymous" />
<script type="module">
  // Serve this page from the folder holding model.json, weights.bin and manifest.json.
  const manifest = await (await fetch('manifest.json')).json();
  const model = await tf.loadLayersModel('model.json');
  const image = document.getElementById('photo');
  await image.decode();
  const size = manifest.inputSize;
  const input = tf.tidy(() =>
    tf.image.resizeBilinear(tf.browser.fromPixels(image).toFloat(), [size, size], false, true).expandDims(0),
  );
  const output = await model.predict(input).data();

  ${decodeSnippet.replace(/\n/g, '\n  ')}

  console.log(decode(output));
</script>
\`\`\`
${detection ? '\nBoxes are `[x, y, width, height]` relative to the image: multiply by its width and height for pixels.\n' : ''}`;
}
