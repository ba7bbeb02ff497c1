import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { initTf } from '../ml/runtime';
import { RED_DETECTOR_INPUT, RED_DETECTOR_GRID, redSquareDetectorZip } from '../ml/testing/redSquareDetector';
import { axeFindings } from './axeFindings';
import { storeSession } from './consoleSession';
import { buyPlan } from './planCheckout';
import { newAccount } from './studioProject';

/*
 * A web point end to end: a detector uploaded through the API, the point created in the console
 * and seen running, an API key made (shown once), the test panel sending an image with a red
 * square to the real predict URL and drawing the detector's box, the curl example naming the
 * point's URL; then deleted, after which its URL answers 404.
 */

/** A grey image with one red square filling grid cell (col 2, row 3): the detector's known answer. */
function redSquarePng(): Buffer {
  const side = RED_DETECTOR_INPUT;
  const cell = side / RED_DETECTOR_GRID;
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const red = x >= 2 * cell && x < 3 * cell && y >= 3 * cell && y < 4 * cell;
      const i = (y * side + x) * 4;
      png.data[i] = red ? 255 : 128;
      png.data[i + 1] = red ? 0 : 128;
      png.data[i + 2] = red ? 0 : 128;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

test('a web point is created in the console, runs, gets a key, draws a prediction from the test panel and answers 404 once deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await newAccount(page.request, 'Web Owner');
  const headers = await owner.auth();
  // A free account has no web point: the owner buys Standard (one) through test-mode checkout.
  await buyPlan(page.request, headers, { plan: 'standard' });
  const created = await page.request.post('/api/projects', {
    headers,
    data: { title: 'Shelf check', description: 'web', subtype: 'IMAGE_OBJECT_DETECTION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  expect(
    (
      await page.request.post(`/api/projects/${projectId}/labels`, {
        headers,
        data: { name: 'defect', color: '#e53935' },
      })
    ).status(),
  ).toBe(201);
  await initTf(['cpu']);
  const uploaded = await page.request.post(`/api/projects/${projectId}/models?tag=red-v1`, {
    headers: { ...headers, 'Content-Type': 'application/zip' },
    data: Buffer.from(await redSquareDetectorZip('defect')),
  });
  expect(uploaded.status()).toBe(201);
  await storeSession(page, await owner.login());

  await page.goto('/en/console/web-points');
  await expect(page.getByTestId('web-empty')).toBeVisible();
  await page.getByTestId('web-new').click();
  const form = page.getByTestId('web-create');
  await expect(form.getByTestId('web-create-project')).toHaveValue(projectId);
  await expect(form.getByTestId('web-create-model').locator('option')).toHaveCount(2);
  await form.getByTestId('web-create-model').selectOption({ index: 1 });
  await form.getByTestId('web-create-name').fill('Shelf API');
  await expect(form.getByTestId('web-create-cloud-note')).toBeVisible();
  expect.soft(await axeFindings(page), 'the new web point dialog').toEqual([]);
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/console/web-points/${projectId}/`));
  await expect(page.getByTestId('web-details').getByTestId('web-state')).toHaveText('Running', { timeout: 60_000 });
  const url = ((await page.getByTestId('web-url').textContent()) ?? '').trim();
  expect(url).toMatch(/\/api\/v1\/points\/[^/]+\/predict$/);
  await expect(page.getByTestId('web-curl')).toContainText(`curl -X POST '${url}'`);

  await page.getByTestId('web-key-new').click();
  await page.getByTestId('web-key-name').fill('Test bench');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('web-key-warning')).toBeVisible();
  const secret = ((await page.getByTestId('web-key-secret').textContent()) ?? '').trim();
  expect(secret.length).toBeGreaterThan(16);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('web-key-row')).toHaveCount(1);
  await expect(page.getByTestId('web-curl')).toContainText(`Bearer ${secret}`);

  const work = mkdtempSync(join(tmpdir(), 'maru-web-e2e-'));
  try {
    const image = join(work, 'red.png');
    writeFileSync(image, redSquarePng());
    await page.getByTestId('web-test-file').setInputFiles(image);
    await expect(page.getByTestId('web-test-key')).toHaveValue(secret);
    await page.getByTestId('web-test-run').click();
    // The pointer leaves the Predict button at once, so its hover colour has faded by the scan below.
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('web-test-box')).toHaveCount(1);
    await expect(page.getByTestId('web-test-box')).toContainText('defect');
    const rect = page.getByTestId('web-test-box').locator('rect');
    const cell = RED_DETECTOR_INPUT / RED_DETECTOR_GRID;
    expect(Number(await rect.getAttribute('x'))).toBeCloseTo(2 * cell, 0);
    expect(Number(await rect.getAttribute('y'))).toBeCloseTo(3 * cell, 0);
    await expect(page.getByTestId('web-test-prediction')).toHaveCount(1);
    await expect(page.getByTestId('web-test-time')).toBeVisible();
    expect.soft(await axeFindings(page), 'the web point page').toEqual([]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  await page.getByTestId('web-delete').click();
  await expect(page.getByTestId('web-confirm')).toContainText('Shelf API');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/console\/web-points$/);
  await expect(page.getByTestId('web-empty')).toBeVisible();
  const after = await page.request.post(url, {
    headers: { Authorization: `Bearer ${secret}` },
    multipart: { image: { name: 'red.png', mimeType: 'image/png', buffer: redSquarePng() } },
  });
  expect(after.status()).toBe(404);
});
