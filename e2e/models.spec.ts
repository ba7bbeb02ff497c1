import { expect, test } from '@playwright/test';
import { initTf } from '../ml/runtime';
import { tinyClassifierZip } from '../ml/testing/tinyClassifierZip';
import { axeFindings } from './axeFindings';
import { storeSession } from './consoleSession';
import { newAccount } from './studioProject';

/*
 * The Models tab in the browser: a model zip the test writes with ml/modelZip is checked in the
 * model-check worker (TensorFlow.js on wasm under the app's CSP) before upload — a zip naming a
 * label the project lacks is refused there with its code, a good one goes up with progress —
 * then downloaded under the server's name, retagged, made the assist model and deleted.
 */

async function modelZip(labels: string[], tag: string): Promise<Buffer> {
  await initTf(['cpu']);
  return Buffer.from(await tinyClassifierZip(labels, tag));
}

test('a model zip is checked in the browser, uploaded, downloaded, retagged, made the assist model and deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await newAccount(page.request, 'Model Owner');
  const headers = await owner.auth();
  const created = await page.request.post('/api/projects', {
    headers,
    data: { title: 'Pets', description: 'models', subtype: 'IMAGE_CLASSIFICATION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  for (const label of [
    { name: 'cat', color: '#e53935' },
    { name: 'dog', color: '#1e88e5' },
  ]) {
    expect((await page.request.post(`/api/projects/${projectId}/labels`, { headers, data: label })).status()).toBe(201);
  }
  const [unknownLabels, good] = [await modelZip(['cat', 'bird'], 'odd'), await modelZip(['Cat ', 'dog'], 'from-zip')];
  await storeSession(page, await owner.login());

  await page.goto(`/en/console/projects/${projectId}/models`);
  await expect(page.getByTestId('models-tab').getByTestId('empty-state')).toContainText('No model yet.');
  await page.getByTestId('model-upload-open').click();
  const dialog = page.getByTestId('model-upload');
  const file = dialog.getByTestId('model-upload-file');

  await file.setInputFiles({ name: 'odd.zip', mimeType: 'application/zip', buffer: unknownLabels });
  const refusal = dialog.getByTestId('model-upload-error');
  await expect(refusal).toContainText('Failed to upload model.', { timeout: 60_000 });
  await expect(refusal).toContainText('The manifest names labels this project does not have: bird');
  await expect(dialog.getByTestId('model-upload-code')).toHaveText('Error code: model_labels_unknown');
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  await file.setInputFiles({ name: 'good.zip', mimeType: 'application/zip', buffer: good });
  await expect(dialog.getByTestId('model-upload-summary')).toHaveText(
    'Classification model with 2 labels, 32 px input.',
    { timeout: 60_000 },
  );
  await expect(dialog.locator('[name="modelTag"]')).toHaveValue('from-zip');
  expect.soft(await axeFindings(page), 'the upload dialog').toEqual([]);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Upload is complete.');
  const row = page.getByTestId('model-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('model-tag')).toHaveText('from-zip');
  await expect(row.getByTestId('model-metrics')).toHaveText('Accuracy 93.0%');
  await expect(row.getByTestId('model-source')).toHaveText('Uploaded');
  expect.soft(await axeFindings(page), 'the model list').toEqual([]);

  const download = page.waitForEvent('download');
  await row.getByTestId('model-download').click();
  expect((await download).suggestedFilename()).toBe('Pets-from-zip.zip');

  await row.getByTestId('model-rename').click();
  const tag = page.getByTestId('model-tag-dialog').locator('[name="modelTag"]');
  await tag.fill('x'.repeat(21));
  await expect(page.getByTestId('model-tag-error')).toHaveText('Exceeded 20 characters.');
  await tag.fill('renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByTestId('model-tag')).toHaveText('renamed');

  await row.getByTestId('model-assist-toggle').click();
  await expect(row.getByTestId('model-assist')).toHaveText('Assist AI');
  const assist = await page.request.get(`/api/projects/${projectId}/assist-model`, { headers: await owner.auth() });
  expect(((await assist.json()) as { model: { tag: string } | null }).model?.tag).toBe('renamed');

  await row.getByTestId('model-delete').click();
  await expect(page.getByTestId('model-delete-confirm')).toContainText('renamed');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('models-tab').getByTestId('empty-state')).toBeVisible();
});
