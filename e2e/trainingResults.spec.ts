import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { studioProject, type StudioProject } from './studioProject';

/*
 * The training page against the real server and its embedded trainer: a small classification
 * project the test draws itself (three colours, a shape in each), a training started through the
 * API, then the page: steps, the per-epoch chart filling in over the event stream, the evaluation,
 * and a test image opened in the studio with the training's predictions.
 */

const CLASSES = [
  { name: 'red', color: '#e53935', rgb: [210, 40, 40] },
  { name: 'green', color: '#43a047', rgb: [40, 180, 60] },
  { name: 'blue', color: '#1e88e5', rgb: [40, 80, 210] },
] as const;
const PER_CLASS = 8;

/** A 96 px image of one colour with a lighter square placed by `i`, so no two images are alike. */
async function drawn(rgb: readonly [number, number, number], i: number): Promise<Buffer> {
  const square = await sharp({
    create: { width: 24, height: 24, channels: 3, background: { r: 250, g: 250, b: 250 } },
  })
    .png()
    .toBuffer();
  const shade = (v: number) => Math.max(0, Math.min(255, v + ((i * 7) % 21) - 10));
  return sharp({
    create: {
      width: 96,
      height: 96,
      channels: 3,
      background: { r: shade(rgb[0]), g: shade(rgb[1]), b: shade(rgb[2]) },
    },
  })
    .composite([{ input: square, left: 8 + ((i * 13) % 60), top: 8 + ((i * 29) % 60) }])
    .png()
    .toBuffer();
}

async function labeledProject(page: Page): Promise<StudioProject> {
  const images: { name: string; png: Buffer }[] = [];
  for (const c of CLASSES)
    for (let i = 0; i < PER_CLASS; i++) images.push({ name: `${c.name}-${i}.png`, png: await drawn(c.rgb, i) });
  // Left unlabeled: auto labeling's work.
  for (const [k, c] of CLASSES.entries()) images.push({ name: `new-${k}.png`, png: await drawn(c.rgb, 40 + k) });
  const project = await studioProject(page, {
    subtype: 'IMAGE_CLASSIFICATION',
    labels: CLASSES.map(({ name, color }) => ({ name, color })),
    images,
  });
  const headers = await project.owner.auth();
  for (const [name, imageId] of project.ids) {
    if (name.startsWith('new-')) continue;
    const labelId = project.labelIds[CLASSES.findIndex((c) => name.startsWith(`${c.name}-`))]!;
    const response = await page.request.put(`/api/projects/${project.projectId}/images/${imageId}/annotations`, {
      headers,
      data: { annotations: [{ labelId, kind: 'class' }] },
    });
    expect(response.ok()).toBe(true);
  }
  return project;
}

/** Starts a training through the API, waiting for the embedded trainer to come online first. */
async function startTraining(page: Page, project: StudioProject, iterations = 8): Promise<string> {
  let trainingId = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.post(`/api/projects/${project.projectId}/trainings`, {
          headers: await project.owner.auth(),
          data: {
            split: { mode: 'custom', train: 60, validation: 20, test: 20, seed: 7 },
            labelIds: project.labelIds,
            pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
            network: 'classifier-compact',
            hyperparameters: {
              iterations,
              batchSize: 8,
              learningRate: 0.01,
              inputSize: 128,
              augmentation: { enabled: false, flip: false, shift: false, brightness: false },
            },
            modelTag: 'e2e',
            trainerId: 'auto',
          },
        });
        if (response.status() === 202) trainingId = ((await response.json()) as { trainingId: string }).trainingId;
        return response.status();
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(202);
  return trainingId;
}

test('a training is followed live on its page, then evaluated, a test image opens in the studio, and its model auto-labels the rest', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const project = await labeledProject(page);
  const trainingId = await startTraining(page, project);

  await page.goto(`/en/console/projects/${project.projectId}/trainings/${trainingId}`);
  const detail = page.getByTestId('training-detail');
  await expect(detail).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('training-number')).toHaveText(/^Training #\d+$/);
  await expect(page.getByTestId('training-step')).toHaveCount(6);
  const firstStatus = await detail.getAttribute('data-status');

  // The page is never reloaded: whatever it shows after the first answer came over the event stream.
  const epochsSeen = new Set<string>();
  await expect
    .poll(
      async () => {
        const epochs = await page
          .getByTestId('training-charts')
          .getAttribute('data-epochs')
          .catch(() => null);
        if (epochs) epochsSeen.add(epochs);
        return detail.getAttribute('data-status');
      },
      { timeout: 240_000, intervals: [250] },
    )
    .toBe('completed');
  const epochs = Number(await page.getByTestId('training-charts').getAttribute('data-epochs'));
  expect(epochs).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('training-epoch')).toHaveText(new RegExp(`^${epochs} / \\d+$`));
  // How many epochs land between two looks depends on the machine; what is certain is that the page,
  // never reloaded, went from its first state to the final one and drew every epoch.
  expect(firstStatus).not.toBeNull();
  expect([...epochsSeen]).toContain(String(epochs));
  await expect(page.getByTestId('training-step').last()).toHaveAttribute('data-state', 'done');
  await expect(page.locator('[data-testid="chart-loss"] canvas').first()).toBeVisible();

  await expect(page.getByTestId('evaluation-classification')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('evaluation-accuracy')).toHaveText(/^\d+\.\d%$/);
  await expect(page.getByTestId('per-class-row')).toHaveCount(3);
  const cells = page.getByTestId('confusion-cell');
  await expect(cells).toHaveCount(9);
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .include('[data-testid="training-detail"]')
    .analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    'the training page has no serious accessibility faults',
  ).toEqual([]);

  // Open a mistake when the model made one; on data this easy it may make none, and then an image of
  // a confusion cell opens the same way.
  const mistakes = page.getByTestId('mistake');
  let open;
  if ((await mistakes.count()) > 0) {
    open = mistakes.first().getByTestId('evaluation-image-open');
  } else {
    await expect(page.getByTestId('mistakes-none')).toBeVisible();
    await page.locator('[data-testid="confusion-cell"]:not([disabled])').first().click();
    open = page.getByTestId('confusion-gallery').getByTestId('evaluation-image-open').first();
  }
  const imageId = await open.locator('xpath=..').getAttribute('data-image');
  expect(imageId).toBeTruthy();
  await open.click();
  await expect(page).toHaveURL(
    new RegExp(`/console/projects/${project.projectId}/images/${imageId}\\?training=${trainingId}$`),
  );
  await page.waitForFunction(() => window.__studio?.engine != null, null, { timeout: 60_000 });

  // The model now labels the three unlabeled images; its labels stay machine labels.
  await page.goto(`/en/console/projects/${project.projectId}`);
  await page.getByTestId('auto-label-open').click();
  await expect(page.getByText('All unlabeled images (3)')).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  const done = page.getByTestId('auto-label-done');
  await expect(done).toHaveText(/^Done: \d+ of 3 images got \d+ machine labels?\.$/, { timeout: 120_000 });
  // A small model may score an image below the threshold: it is then left unlabeled, not guessed.
  const [, labeled, annotations] = /^Done: (\d+) of 3 images got (\d+)/.exec((await done.textContent()) ?? '')!;
  expect(Number(labeled)).toBeGreaterThanOrEqual(1);
  expect(annotations, 'one class per image').toBe(labeled);
  await page.getByTestId('auto-label-show').click();
  await expect(page).toHaveURL(new RegExp(`/console/projects/${project.projectId}\\?machine=true$`));
  await expect(page.getByTestId('image-card')).toHaveCount(Number(labeled));
  await expect(page.getByTestId('image-machine-labels')).toHaveText(Array(Number(labeled)).fill('1 machine label'));
  for (const name of await page.getByTestId('image-name').allTextContents()) expect(name).toMatch(/^new-\d\.png$/);
});

test('Stop asks first, then the training ends as stopped, live on its page', async ({ page }) => {
  test.setTimeout(300_000);
  const project = await labeledProject(page);
  // Many epochs, so that it is still queued or learning when Stop is confirmed.
  const trainingId = await startTraining(page, project, 100);
  await page.goto(`/en/console/projects/${project.projectId}/trainings/${trainingId}`);
  const stop = page.getByTestId('training-stop');
  await stop.click();
  await expect(page.getByTestId('training-stop-body')).toHaveText(/^Stop training #\d+\? /);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('training-stopped')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('training-status')).toHaveText('Stopped');
  await expect(page.locator('[data-testid="training-step"][data-state="stopped"]')).toHaveCount(1);
  await expect(stop).toHaveCount(0);
  await expect(page.getByTestId('evaluation')).toHaveCount(0);
});
