import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeFindings } from './axeFindings';
import { putAnnotations, studioProject, type StudioProject } from './studioProject';

/*
 * The new-training wizard against the real server and its embedded trainer: a detection project
 * of 12 drawn images with boxes, the wizard walked with bad values first (each step refuses to go
 * on and says why), then good ones up to Start, the toast and the training's own page. The
 * training is stopped at the end so the shared trainer is free for the other specs.
 */

const COUNT = 12;
const LABELS = [
  { name: 'square', color: '#e53935' },
  { name: 'bar', color: '#1e88e5' },
];

/** A 128 px image with a light square or bar placed by `i`; answers the PNG and its box. */
async function drawn(i: number) {
  const bar = i % 2 === 1;
  const width = bar ? 56 : 32;
  const height = bar ? 24 : 32;
  const left = 8 + ((i * 13) % 56);
  const top = 8 + ((i * 29) % 56);
  const shape = await sharp({ create: { width, height, channels: 3, background: { r: 250, g: 250, b: 250 } } })
    .png()
    .toBuffer();
  const png = await sharp({
    create: { width: 128, height: 128, channels: 3, background: { r: 30 + i * 5, g: 60, b: 90 } },
  })
    .composite([{ input: shape, left, top }])
    .png()
    .toBuffer();
  return { png, box: { x: left, y: top, width, height }, label: bar ? 1 : 0 };
}

async function detectionProject(page: Page): Promise<StudioProject> {
  const drawings = await Promise.all(Array.from({ length: COUNT }, (_, i) => drawn(i)));
  const project = await studioProject(page, {
    subtype: 'IMAGE_OBJECT_DETECTION',
    labels: LABELS,
    images: drawings.map((d, i) => ({ name: `shape-${i}.png`, png: d.png })),
  });
  for (const [i, d] of drawings.entries()) {
    await putAnnotations(page.request, project, project.ids.get(`shape-${i}.png`)!, [
      { labelId: project.labelIds[d.label]!, kind: 'box', ...d.box },
    ]);
  }
  return project;
}

test('the wizard refuses bad values step by step, then starts a training and opens its page', async ({ page }) => {
  test.setTimeout(300_000);
  const project = await detectionProject(page);
  // The embedded trainer registers itself shortly after the server starts.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/trainers', { headers: await project.owner.auth() });
        const body = (await response.json()) as { items: { online: boolean }[] };
        return body.items.some((t) => t.online);
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);

  await page.goto(`/en/console/projects/${project.projectId}/training`);
  await expect(page.getByTestId('training-tab').getByTestId('empty-state')).toBeVisible();
  await page.getByTestId('training-new').first().click();
  await expect(page).toHaveURL(new RegExp(`/en/console/projects/${project.projectId}/trainings/new$`));

  const wizard = page.getByTestId('training-wizard');
  const atStep = (step: string) => expect(wizard).toHaveAttribute('data-step', step);
  const next = () => page.getByTestId('wizard-next').click();
  const error = page.getByTestId('step-error');

  // Data split: custom ratios that add up to 110, then 60 / 20 / 20.
  await atStep('split');
  await page.getByTestId('split-custom').click();
  await page.locator('[name="split-train"]').fill('60');
  await page.locator('[name="split-validation"]').fill('30');
  await page.locator('[name="split-test"]').fill('20');
  await next();
  await expect(error).toHaveText('The ratios must add up to 100%.');
  await atStep('split');
  await page.locator('[name="split-validation"]').fill('20');
  await expect(page.getByTestId('split-counts')).toHaveText(/Usable images: \d+ training · \d+ validation · \d+ test/);
  await next();

  // Datasets: none chosen, then only 'bar' (6 images, under the minimum of 10), then all 12.
  await atStep('datasets');
  await page.getByTestId('labels-none').click();
  await expect(error).toHaveText('Choose at least one label class.');
  await next();
  await atStep('datasets');
  await page.getByTestId('dataset-label').nth(1).locator('input').check();
  await expect(error).toHaveText('Training needs at least 10 datasets.');
  await next();
  await atStep('datasets');
  await page.getByTestId('labels-all').click();
  await expect(page.getByTestId('dataset-total')).toContainText(`Selected: ${COUNT} images`);
  expect.soft(await axeFindings(page), 'the wizard (datasets step)').toEqual([]);
  await expect(page.getByTestId('dataset-label-counts').first()).toHaveText('6 images · 6 annotations');
  await next();

  await atStep('pretrained');
  await expect(page.getByTestId('pretrained-market').locator('input')).toBeDisabled();
  await next();
  await atStep('network');
  await expect(page.getByTestId('network-detector-compact').locator('input')).toBeChecked();
  await next();

  // Settings: 0 and 101 iterations are refused; then 2 small epochs.
  await atStep('settings');
  await page.locator('[name="iterations"]').fill('0');
  await next();
  await expect(page.getByTestId('iterations-error')).toHaveText('Enter a whole number from 1 to 100.');
  await page.locator('[name="iterations"]').fill('101');
  await next();
  await atStep('settings');
  await page.locator('[name="iterations"]').fill('2');
  await page.locator('[name="inputSize"]').selectOption('128');
  await page.getByTestId('augmentation').uncheck();
  await next();

  await atStep('tag');
  await page.locator('[name="modelTag"]').fill('x'.repeat(21));
  await next();
  await expect(page.getByTestId('tag-error')).toHaveText('Exceeded 20 characters.');
  await page.locator('[name="modelTag"]').fill('wizard-e2e');
  await next();

  // A reload keeps the half-filled wizard.
  await atStep('server');
  await page.reload();
  await atStep('server');
  await expect(page.getByTestId('wizard-restored')).toBeVisible();
  await expect(page.getByTestId('trainer-auto').locator('input')).toBeChecked();
  await expect(page.getByTestId('trainer-estimate').first()).toHaveText(/^Estimated duration: /);
  expect.soft(await axeFindings(page), 'the wizard (server step)').toEqual([]);
  await next();

  await atStep('overview');
  const overview = page.getByTestId('wizard-overview');
  await expect(overview).toContainText('wizard-e2e');
  expect.soft(await axeFindings(page), 'the wizard (overview)').toEqual([]);
  await expect(overview).toContainText('Custom: 60 / 20 / 20');
  await expect(overview).toContainText(`${COUNT} images in 2 classes`);
  await expect(overview).toContainText('2 iterations · batch 16 · learning rate 0.001 · 128 px');
  await expect(overview).toContainText('wizard-e2e');
  await page.getByTestId('wizard-start').click();

  await expect(page.getByTestId('toast-success')).toContainText('Training has started.');
  await expect(page).toHaveURL(new RegExp(`/en/console/projects/${project.projectId}/trainings/(?!new)[^/]+$`));
  await expect(page.getByTestId('training-detail')).toBeVisible({ timeout: 30_000 });
  const trainingId = page.url().split('/').pop()!;

  // The history lists it, and it carries the wizard's settings.
  const listed = await page.request.get(`/api/projects/${project.projectId}/trainings`, {
    headers: await project.owner.auth(),
  });
  const { items } = (await listed.json()) as {
    items: { id: string; modelTag: string | null; settings: { hyperparameters: { iterations: number } } }[];
  };
  expect(items.map((t) => t.id)).toEqual([trainingId]);
  expect(items[0]!.modelTag).toBe('wizard-e2e');
  expect(items[0]!.settings.hyperparameters.iterations).toBe(2);
  await page.goto(`/en/console/projects/${project.projectId}/training`);
  await expect(page.getByTestId('training-row')).toHaveCount(1);
  await expect(page.getByTestId('training-row').first()).toContainText('wizard-e2e');
  expect.soft(await axeFindings(page), 'the training history').toEqual([]);

  // On a phone the history table and the wizard scroll inside their own boxes: the page stays 390 px wide.
  await page.setViewportSize({ width: 390, height: 844 });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(page.getByTestId('training-row')).toHaveCount(1);
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await page.goto(`/en/console/projects/${project.projectId}/trainings/new`);
  await atStep('split');
  await page.getByTestId('split-custom').click();
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  // Free the shared trainer for the other specs.
  await page.request.post(`/api/projects/${project.projectId}/trainings/${trainingId}/stop`, {
    headers: await project.owner.auth(),
  });
});
