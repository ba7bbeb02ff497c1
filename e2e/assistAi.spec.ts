import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { composeModel } from '../ml/composeModel';
import { createFeatureModel } from '../ml/featureExtractor';
import { writeModelZip } from '../ml/modelZip';
import { networkPlugin } from '../ml/networks';
import { mobileNetV2Artifacts } from '../ml/node/mobileNetV2Artifacts';
import { initTf } from '../ml/runtime';
import { redSquareDetectorZip } from '../ml/testing/redSquareDetector';
import { openStudio, serverAnnotations, studioProject } from './studioProject';

/*
 * Assist AI in the browser against the real server: a project whose assist model is a real model
 * zip (built here with ml/ — a hand-set detector of red squares, so the right answer is known —
 * uploaded through the API and chosen as the assist model) proposes boxes for the image in view
 * in a worker (webgl or wasm: which one ran is asserted and reported); one proposal accepted is
 * saved and back after a reload. A project without a model says to train one first. With
 * ?training=<id> the studio draws that training's predictions with a legend.
 */
const wait = expect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 1000, height: 760 } });

/** A white 256² PNG with red 32 px squares, each exactly one cell of the detector's 8 × 8 grid. */
async function redSquaresPng(squares: { x: number; y: number }[]): Promise<Buffer> {
  const size = 256;
  const data = Buffer.alloc(size * size * 3, 255);
  for (const s of squares)
    for (let y = s.y; y < s.y + 32; y++) for (let x = s.x; x < s.x + 32; x++) data.set([255, 0, 0], (y * size + x) * 3);
  return sharp(data, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

test('assist AI proposes the model’s boxes dashed with scores; one accepted is saved; without a model it says to train first', async ({
  page,
}, testInfo) => {
  const project = await studioProject(page, {
    labels: [{ name: 'red', color: '#e53935' }],
    images: [
      {
        name: 'squares.png',
        png: await redSquaresPng([
          { x: 96, y: 32 },
          { x: 160, y: 160 },
        ]),
      },
    ],
  });
  const imageId = project.ids.get('squares.png')!;

  // No model yet: the button opens the panel, which links to the Training tab.
  await openStudio(page, project.projectId, imageId, '/en');
  await page.getByTestId('tool-assistAi').click();
  await wait(page.getByTestId('assist-panel')).toHaveAttribute('data-status', 'no-model');
  await expect(page.getByTestId('assist-no-model')).toContainText('Train a model first');
  await expect(page.getByTestId('assist-no-model').getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`/console/projects/${project.projectId}/training$`),
  );

  // A real model zip, uploaded as a user would and made the assist model.
  await initTf(['wasm']);
  const zip = await redSquareDetectorZip('red');
  const headers = await project.owner.auth();
  const uploaded = await page.request.post(`/api/projects/${project.projectId}/models?tag=red`, {
    headers: { ...headers, 'Content-Type': 'application/zip' },
    data: Buffer.from(zip),
  });
  expect(uploaded.status()).toBe(201);
  const modelId = ((await uploaded.json()) as { id: string }).id;
  const chosen = await page.request.put(`/api/projects/${project.projectId}/assist-model`, {
    headers,
    data: { modelId },
  });
  expect(chosen.ok()).toBe(true);

  await page.reload();
  await page.waitForFunction(() => window.__studio?.engine != null, null, { timeout: 60_000 });
  await page.getByTestId('tool-assistAi').click();
  const panel = page.getByTestId('assist-panel');
  await wait(panel).toHaveAttribute('data-status', 'done');
  const backend = await panel.getAttribute('data-backend');
  testInfo.annotations.push({ type: 'assist backend', description: backend ?? '?' });
  expect(['webgl', 'wasm']).toContain(backend);

  // Two proposals, one per square, with their scores, drawn as chips over the canvas.
  await expect(page.getByTestId('assist-proposal')).toHaveCount(2);
  const chips = page.getByTestId('proposal-chip');
  await expect(chips).toHaveCount(2);
  await expect(chips.first()).toContainText(/red \d+%/);
  // The engine has nothing new until one is accepted.
  expect(await page.evaluate(() => window.__studio!.engine.getBoxes().length)).toBe(0);

  // Accept the top-left square's proposal from its chip.
  const first = await page.evaluate(() => {
    const el = [...document.querySelectorAll<HTMLElement>('[data-testid="proposal-chip"]')].sort(
      (a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top,
    )[0]!;
    return el.dataset.id!;
  });
  await page.locator(`[data-testid="proposal-chip"][data-id="${first}"]`).getByTestId('chip-accept').click();
  await expect(page.getByTestId('assist-proposal')).toHaveCount(1);
  await expect(page.getByTestId('annotation-row')).toHaveCount(1);
  // Undo takes it back, redo brings it again: it went through the engine's history.
  await page.getByTestId('studio-undo').click();
  await expect(page.getByTestId('annotation-row')).toHaveCount(0);
  await page.getByTestId('studio-redo').click();
  await expect(page.getByTestId('annotation-row')).toHaveCount(1);

  // Saved on the server as a box over the square (32 px, the model's grid: within its quantised weights).
  await wait
    .poll(async () => (await serverAnnotations(page, project, imageId)).map((a) => [a.kind, a.labelId]))
    .toEqual([['box', project.labelIds[0]]]);
  const [saved] = await serverAnnotations(page, project, imageId);
  expect(Math.abs(saved!.x - 96)).toBeLessThanOrEqual(3);
  expect(Math.abs(saved!.y - 32)).toBeLessThanOrEqual(3);
  expect(Math.abs(saved!.width - 32)).toBeLessThanOrEqual(4);
  expect(Math.abs(saved!.height - 32)).toBeLessThanOrEqual(4);

  // Back after a reload.
  await page.reload();
  await page.waitForFunction(() => window.__studio?.engine != null, null, { timeout: 60_000 });
  await wait(page.getByTestId('annotation-row')).toHaveCount(1);
});

test('?training=<id> draws the training’s predictions for the image with a legend', async ({ page }) => {
  const project = await studioProject(page, {
    labels: [{ name: 'red', color: '#e53935' }],
    images: [{ name: 'one.png', png: await redSquaresPng([{ x: 96, y: 32 }]) }],
  });
  const imageId = project.ids.get('one.png')!;
  // The training and its stored predictions as the API answers them (the training itself is
  // exercised by the server's real-training tests; here the studio's drawing of them is).
  await page.route(`**/api/projects/${project.projectId}/trainings/t-e2e`, (route) =>
    route.fulfill({ json: trainingFixture(project.projectId) }),
  );
  await page.route(`**/api/projects/${project.projectId}/trainings/t-e2e/predictions/${imageId}`, (route) =>
    route.fulfill({
      json: {
        imageId,
        modelId: null,
        predictions: [{ labelId: project.labelIds[0], score: 0.87, box: [96, 32, 32, 32] }],
      },
    }),
  );
  await page.goto(`/en/console/projects/${project.projectId}/images/${imageId}?training=t-e2e`);
  await page.waitForFunction(() => window.__studio?.engine != null, null, { timeout: 60_000 });
  const legend = page.getByTestId('predictions-legend');
  await wait(legend).toHaveAttribute('data-status', 'ready');
  await expect(legend).toContainText('Model predictions of training #7 (1 box)');
  await expect(page.getByTestId('prediction-chips').getByTestId('proposal-chip')).toContainText('red 87%');
  // Predictions are drawn, never saved: the image keeps no annotation.
  expect(await serverAnnotations(page, project, imageId)).toEqual([]);
});

/** The part of a training the studio reads (the rest of the API's answer is not looked at). */
function trainingFixture(projectId: string) {
  return { id: 't-e2e', number: 7, projectId, status: 'completed', step: 'completed' };
}

test('assist AI runs a full-size detector (the shipped MobileNetV2 backbone and a detector head) on a 640² view', async ({
  page,
}, testInfo) => {
  const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 40, g: 120, b: 60 } } })
    .composite([
      {
        input: await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 230, g: 30, b: 30 } } })
          .png()
          .toBuffer(),
        left: 100,
        top: 200,
      },
    ])
    .png()
    .toBuffer();
  const project = await studioProject(page, {
    labels: [{ name: 'thing', color: '#1e88e5' }],
    images: [{ name: 'view.png', png }],
  });
  const imageId = project.ids.get('view.png')!;
  // The network a detector training exports: the backbone cut, the compact detector head.
  await initTf(['wasm']);
  const zip = await fullDetectorZip('thing');
  const headers = await project.owner.auth();
  const uploaded = await page.request.post(`/api/projects/${project.projectId}/models`, {
    headers: { ...headers, 'Content-Type': 'application/zip' },
    data: Buffer.from(zip),
  });
  expect(uploaded.status()).toBe(201);
  const modelId = ((await uploaded.json()) as { id: string }).id;
  await page.request.put(`/api/projects/${project.projectId}/assist-model`, { headers, data: { modelId } });

  await openStudio(page, project.projectId, imageId, '/en');
  const panel = page.getByTestId('assist-panel');
  const timings: string[] = [];
  const backends = new Set<string | null>();
  for (let run = 0; run < 3; run++) {
    // The first run by its key (I), the others by the button.
    if (run === 0) await page.keyboard.press('KeyI');
    else await page.getByTestId('tool-assistAi').click();
    await wait(panel).toHaveAttribute('data-status', 'done');
    backends.add(await panel.getAttribute('data-backend'));
    timings.push(
      `${await panel.getAttribute('data-total-ms')} ms (${(await panel.locator('text=/ ms · /').textContent()) ?? ''})`,
    );
    // Its boxes, however many an untrained head proposes, lie inside the image and are drawn as chips.
    const boxes = await page.getByTestId('assist-proposal').count();
    expect(boxes).toBeLessThanOrEqual(100);
    await page.getByTestId('assist-clear').click();
  }
  testInfo.annotations.push({ type: 'assist 640² view (first run loads the model)', description: timings.join('; ') });
  // One backend for every run (the worker starts TensorFlow.js once): webgl, or wasm where WebGL is software.
  expect(backends.size).toBe(1);
  expect(['webgl', 'wasm']).toContain([...backends][0]);
});

/** A detector zip of the real network shape (untrained head: what matters here is the run, not its answer). */
async function fullDetectorZip(label: string): Promise<Uint8Array> {
  const backbone = mobileNetV2Artifacts();
  const plugin = networkPlugin('detector-compact');
  const inputSize = 224;
  const features = await createFeatureModel(backbone, plugin, inputSize);
  const shape = features.outputs[0]!.shape.slice(1) as number[];
  features.dispose();
  const head = plugin.buildHead(shape, 1);
  const model = await composeModel(backbone, plugin, inputSize, head);
  const grid = model.outputs[0]!.shape[1]!;
  return writeModelZip(model, {
    format: 'maru-model',
    version: 1,
    task: 'detection',
    network: 'detector-compact',
    backbone: 'mobilenet-v2',
    inputSize,
    labels: [{ name: label, color: '#1e88e5' }],
    preprocessing: { resize: 'stretch', channels: 'rgb', scale: 1, offset: 0 },
    detection: { encoding: 'center-grid-v1', gridSize: grid, scoreThreshold: 0.3, nmsIou: 0.5, maxDetections: 100 },
    metrics: {},
    createdAt: new Date().toISOString(),
    trainingId: null,
    tag: null,
  });
}

test('machine labels from auto labeling are badged in the studio and become a person’s when accepted', async ({
  page,
}) => {
  const project = await studioProject(page, {
    labels: [{ name: 'red', color: '#e53935' }],
    images: [
      {
        name: 'auto.png',
        png: await redSquaresPng([
          { x: 96, y: 32 },
          { x: 160, y: 160 },
        ]),
      },
    ],
  });
  const imageId = project.ids.get('auto.png')!;
  await initTf(['wasm']);
  const headers = await project.owner.auth();
  const uploaded = await page.request.post(`/api/projects/${project.projectId}/models`, {
    headers: { ...headers, 'Content-Type': 'application/zip' },
    data: Buffer.from(await redSquareDetectorZip('red')),
  });
  expect(uploaded.status()).toBe(201);
  const modelId = ((await uploaded.json()) as { id: string }).id;
  const started = await page.request.post(`/api/projects/${project.projectId}/auto-labels`, {
    headers,
    data: { modelId, threshold: 0.5 },
  });
  expect(started.status()).toBe(202);
  const { jobId } = (await started.json()) as { jobId: string };
  await wait
    .poll(
      async () => {
        const job = await page.request.get(`/api/projects/${project.projectId}/auto-labels/${jobId}`, {
          headers: await project.owner.auth(),
        });
        return ((await job.json()) as { state: string }).state;
      },
      { timeout: 180_000 },
    )
    .toBe('done');
  const written = await serverAnnotations(page, project, imageId);
  expect(written).toHaveLength(2);
  expect(written.every((a) => (a as { source?: string }).source === 'machine')).toBe(true);

  await openStudio(page, project.projectId, imageId, '/en');
  await expect(page.getByTestId('machine-badge')).toHaveCount(2);
  // One accepted from its row, then the rest at once.
  await page.getByTestId('machine-accept').first().click();
  await wait(page.getByTestId('machine-badge')).toHaveCount(1);
  await page.getByTestId('machine-accept-all').click();
  await wait(page.getByTestId('machine-badge')).toHaveCount(0);
  await wait
    .poll(async () =>
      (await serverAnnotations(page, project, imageId)).map((a) => (a as { source?: string }).source ?? 'person'),
    )
    .toEqual(['person', 'person']);
  // Unchanged: accepting wrote the same boxes.
  const after = await serverAnnotations(page, project, imageId);
  const key = (a: { x: number; y: number; width: number; height: number }) => `${a.x},${a.y},${a.width},${a.height}`;
  expect(after.map(key).sort()).toEqual(written.map(key).sort());
});

test('on a large image assist AI reads the view at the level in view: tiles of a zoomed-out view, only the part in view when zoomed in', async ({
  page,
}) => {
  // 4096² white with three red 400 px squares; the server cuts it into a tile pyramid.
  const size = 4096;
  const squares = [
    { x: 400, y: 400 },
    { x: 3000, y: 800 },
    { x: 1800, y: 3200 },
  ];
  const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  const png = await sharp({
    create: { width: size, height: size, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .composite(squares.map((s) => ({ input: red, left: s.x, top: s.y })))
    .png()
    .toBuffer();
  const project = await studioProject(page, {
    labels: [{ name: 'red', color: '#e53935' }],
    images: [{ name: 'large.png', png }],
  });
  const imageId = project.ids.get('large.png')!;
  await initTf(['wasm']);
  const headers = await project.owner.auth();
  const uploaded = await page.request.post(`/api/projects/${project.projectId}/models`, {
    headers: { ...headers, 'Content-Type': 'application/zip' },
    data: Buffer.from(await redSquareDetectorZip('red')),
  });
  const modelId = ((await uploaded.json()) as { id: string }).id;
  await page.request.put(`/api/projects/${project.projectId}/assist-model`, { headers, data: { modelId } });
  await openStudio(page, project.projectId, imageId, '/en');

  const panel = page.getByTestId('assist-panel');
  // Zoomed out: the whole image in view, read at a coarse level, in tiles.
  await page.getByTestId('tool-assistAi').click();
  await wait(panel).toHaveAttribute('data-status', 'done');
  await expect(panel).toContainText(/tile\(s\)/);
  expect(await panel.textContent()).not.toContain('· 1 tile(s)');
  const found = await proposalCentres(page);
  for (const s of squares)
    expect(found.some((c) => c.x >= s.x && c.x <= s.x + 400 && c.y >= s.y && c.y <= s.y + 400)).toBe(true);

  // Zoomed in on the second square: only it is in view, read finer, in one run.
  await page.evaluate(() => window.__studio!.engine.setView({ centerX: 3200, centerY: 1000, zoom: 0.5 }));
  // Cleared first, so the 'done' awaited next is the new run's.
  await page.getByTestId('assist-clear').click();
  await expect(panel).toHaveAttribute('data-status', 'idle');
  await page.getByTestId('assist-run').click();
  await wait(panel).toHaveAttribute('data-status', 'done');
  const near = await proposalCentres(page);
  expect(near.length).toBeGreaterThan(0);
  for (const c of near) expect(c.x >= 3000 && c.x <= 3400 && c.y >= 800 && c.y <= 1200).toBe(true);
});

/** The image-px centres of the proposals listed in the panel. */
async function proposalCentres(page: Page): Promise<{ x: number; y: number }[]> {
  const boxes = await page
    .getByTestId('assist-proposal')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.box!.split(',').map(Number)));
  return boxes.map(([x, y, w, h]) => ({ x: x! + w! / 2, y: y! + h! / 2 }));
}
