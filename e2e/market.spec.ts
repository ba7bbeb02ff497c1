import { expect, test, type Browser, type Page } from '@playwright/test';
import { orderSchema, testApprovalSchema } from '../contract/apiPayments';
import { storeSession } from './consoleSession';
import { coverPng, IMAGE_COUNT, LABEL, newAdmin, sellerProject, text } from './marketFixtures';
import { newAccount, type Account } from './studioProject';

/*
 * The market's whole story against the real server and its test payment provider: a seller posts
 * a dataset (in Korean) and a model (in English) from My resources with the real form and a cover,
 * sees them checked and waiting for review; a platform admin approves both; a buyer (in English)
 * finds the dataset by search and a field filter, bookmarks it, buys the dataset and the model in
 * test mode (checkout → test window → result), where an amount edited in the result address is
 * refused and leaves the order unpaid; the buyer exports the dataset into a new project and starts
 * a training there from the bought model; the seller's Sales tab shows both sales and their total.
 * Accounts, the seller's images, boxes and model are made through the API.
 */

const wait = expect.configure({ timeout: 30_000 });
const PRICES = { dataset: 12_000, model: 30_000 };

async function signedIn(browser: Browser, account: Account, locale: 'ko' | 'en'): Promise<Page> {
  const context = await browser.newContext({ locale: locale === 'ko' ? 'ko-KR' : 'en-US' });
  const page = await context.newPage();
  await storeSession(page, await account.login());
  return page;
}

/** Posts a resource with the real form; answers its id once the seller's page shows it. */
async function post(
  page: Page,
  prefix: '' | '/en',
  query: string,
  fields: { name: string; description: string; price: number; cover?: Buffer },
): Promise<string> {
  await page.goto(`${prefix}/console/market/new?${query}`);
  const form = page.getByTestId('resource-form');
  await wait(form).toBeVisible();
  await form.getByTestId('resource-name').fill(fields.name);
  await form.getByTestId('resource-description').fill(fields.description);
  await form.getByTestId('resource-price').fill(String(fields.price));
  await form.getByTestId('resource-field-manufacture').click();
  if (fields.cover)
    await form
      .getByTestId('cover-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: fields.cover });
  if (fields.cover) await expect(form.getByTestId('cover-item')).toHaveCount(1);
  await form.getByTestId('resource-submit').click();
  await wait(page).toHaveURL(new RegExp(`${prefix}/console/market/resources/[^/?]+$`));
  const id = decodeURIComponent(page.url().split('/').pop()!);
  // Checked by the server's job ('checking'; the page polls meanwhile), then waiting for a platform admin.
  const badge = page.getByTestId('resource-approval');
  await wait(badge).toHaveAttribute('data-state', /^(checking|pending)$/);
  await expect(badge).toHaveAttribute('data-state', 'pending', { timeout: 60_000 });
  return id;
}

/** Checkout → the test window → the result page; answers the order id. */
async function buyThroughTestWindow(page: Page, resourceId: string): Promise<string> {
  await page.goto(`/en/console/checkout?resource=${encodeURIComponent(resourceId)}`);
  await wait(page.getByTestId('checkout')).toBeVisible();
  await expect(page.getByTestId('test-mode-banner').first()).toBeVisible();
  await page.getByTestId('checkout-pay').click();
  await wait(page).toHaveURL(/\/en\/console\/checkout\/test\/[^/?]+$/);
  return decodeURIComponent(page.url().split('/').pop()!);
}

test('a seller posts, an admin approves, a buyer finds, bookmarks, buys, exports and trains; the seller sees the sales', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  // Resource names hold at most 20 characters; a word of its own lets the search find this run's.
  const unique = `q${Date.now().toString(36).slice(-6)}`;
  const [seller, buyer, admin] = await Promise.all([
    newAccount(request, 'Market Seller'),
    newAccount(request, 'Market Buyer'),
    newAdmin(request),
  ]);
  const source = await sellerProject(request, seller, `결함 ${unique}`);
  const datasetName = `Squares ${unique}`;
  const modelName = `Finder ${unique}`;

  // The seller posts the dataset in Korean, the model in English, from My resources.
  const sellerPage = await signedIn(browser, seller, 'ko');
  const datasetId = await post(sellerPage, '', `project=${source.projectId}`, {
    name: datasetName,
    description: '빨간 사각형 결함 이미지와 박스',
    price: PRICES.dataset,
    cover: await coverPng(),
  });
  const modelId = await post(sellerPage, '/en', `project=${source.projectId}&model=${source.modelId}`, {
    name: modelName,
    description: 'Finds red squares',
    price: PRICES.model,
  });
  await sellerPage.goto('/console/market');
  await wait(sellerPage.getByTestId('market-mine-row')).toHaveCount(2);

  // The platform admin approves both from the review queue.
  const adminPage = await signedIn(browser, admin, 'ko');
  await adminPage.goto('/console/admin/resources');
  const reviewItem = (id: string) => adminPage.locator(`[data-testid="review-item"][data-resource="${id}"]`);
  for (const [id, name] of [
    [datasetId, datasetName],
    [modelId, modelName],
  ] as const) {
    await wait(reviewItem(id)).toBeVisible();
    await reviewItem(id).getByTestId('review-approve').click();
    const approved = text('ko', 'market', 'review.approved', { name });
    await wait(adminPage.getByTestId('toast-success').filter({ hasText: approved })).toBeVisible();
    // Approved, it leaves the queue of resources waiting for review.
    await wait(reviewItem(id)).toHaveCount(0);
  }
  await adminPage.locator('#review-state').selectOption('approved');
  for (const id of [datasetId, modelId])
    await wait(reviewItem(id).getByTestId('resource-approval')).toHaveAttribute('data-state', 'approved');

  // The buyer finds the dataset by a word of its name and a field of use, and bookmarks it.
  const page = await signedIn(browser, buyer, 'en');
  await page.goto('/en/resources/dataset');
  const search = page.getByTestId('market-search');
  await wait(search).toBeVisible();
  await search.getByRole('searchbox').fill(unique);
  await search.getByRole('button').click();
  await page
    .getByTestId('market-filters')
    .getByText(text('en', 'resources', 'filters.fields.manufacture'), { exact: true })
    .click();
  await wait(page).toHaveURL(/fields=manufacture/);
  const card = page.locator(`[data-testid="resource-card"][data-resource="${datasetId}"]`);
  await wait(card).toBeVisible();
  await expect(page.getByTestId('resource-card')).toHaveCount(1);
  await card.getByRole('link', { name: datasetName }).click();
  await wait(page.getByTestId('resource-detail')).toBeVisible();
  await expect(page.getByTestId('resource-labels')).toContainText(LABEL.name);
  const bookmark = page.getByTestId('resource-actions').getByTestId('bookmark-toggle');
  await bookmark.click();
  await wait(bookmark).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/en/console/market/bookmarks');
  await wait(page.getByTestId('market-bookmark-row')).toHaveCount(1);
  await expect(page.getByTestId('market-bookmark-row')).toContainText(datasetName);

  // Buys the dataset: from its page to checkout, the test window and a paid result.
  await page.goto(`/en/resources/detail/${encodeURIComponent(datasetId)}`);
  await page.getByTestId('resource-buy').click();
  await wait(page).toHaveURL(/\/en\/console\/checkout\?resource=/);
  await expect(page.getByTestId('test-mode-banner').first()).toBeVisible();
  await page.getByTestId('checkout-pay').click();
  await wait(page.getByTestId('test-window')).toBeVisible();
  await page.getByTestId('test-window-pay').click();
  await wait(page).toHaveURL(/\/en\/console\/admin\/pay\?/);
  await wait(page.getByTestId('pay-result')).toHaveAttribute('data-status', 'DONE');

  // Buys the model, but first returns from the window with the amount edited: refused, still unpaid.
  const orderId = await buyThroughTestWindow(page, modelId);
  const approved = await page.request.post(`/api/payments/test/${orderId}/approve`, { headers: await buyer.auth() });
  expect(approved.status()).toBe(200);
  const { paymentKey } = testApprovalSchema.parse(await approved.json());
  const result = (amount: number) =>
    `/en/console/admin/pay?${new URLSearchParams({ paymentKey, orderId, amount: String(amount) })}`;
  await page.goto(result(1_000));
  await wait(page.getByTestId('pay-error')).toContainText(text('en', 'errors', 'payment_amount_mismatch'));
  const unpaid = orderSchema.parse(
    await (await page.request.get(`/api/orders/${orderId}`, { headers: await buyer.auth() })).json(),
  );
  expect(unpaid.status).toBe('READY');
  expect(unpaid.amount).toBe(PRICES.model);
  await page.goto(result(PRICES.model));
  await wait(page.getByTestId('pay-result')).toHaveAttribute('data-status', 'DONE');

  // Exports the dataset into a new project: its label and every image are there.
  await page.goto('/en/console/market/purchases');
  const rows = page.getByTestId('market-purchase-row');
  await wait(rows).toHaveCount(2);
  await rows.filter({ hasText: datasetName }).getByTestId('market-purchase-export').click();
  await page.getByTestId('export-target').selectOption('new');
  await page.getByTestId('export-title').fill(`Bought ${unique}`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('en', 'market', 'export.submit') })
    .click();
  await wait(page.getByTestId('export-counts')).toContainText(String(IMAGE_COUNT));
  await page.getByTestId('export-open').click();
  await wait(page).toHaveURL(/\/en\/console\/projects\/[^/]+/);
  const projectId = page.url().split('/console/projects/')[1]!.split(/[/?]/)[0]!;
  const labels = (await (
    await page.request.get(`/api/projects/${projectId}/labels`, { headers: await buyer.auth() })
  ).json()) as { name: string }[];
  expect(labels.map((l) => l.name)).toEqual([LABEL.name]);
  const images = (await (
    await page.request.get(`/api/projects/${projectId}/images`, { headers: await buyer.auth() })
  ).json()) as {
    items: unknown[];
  };
  expect(images.items).toHaveLength(IMAGE_COUNT);

  // Starts a training there from the bought model: the wizard's market choice adds it to the project.
  await page.goto(`/en/console/projects/${projectId}/trainings/new`);
  const wizard = page.getByTestId('training-wizard');
  const next = () => page.getByTestId('wizard-next').click();
  await wait(wizard).toHaveAttribute('data-step', 'split');
  await next();
  await wait(wizard).toHaveAttribute('data-step', 'datasets');
  await expect(page.getByTestId('dataset-total')).toContainText(String(IMAGE_COUNT));
  await next();
  await wait(wizard).toHaveAttribute('data-step', 'pretrained');
  await page.getByTestId('pretrained-market').click();
  const market = page.getByTestId('pretrained-market-select');
  await wait(market.locator('option:checked')).toContainText(modelName);
  await expect(page.getByTestId('pretrained-market').locator('input[type="radio"]')).toBeChecked();
  await next();
  await wait(wizard).toHaveAttribute('data-step', 'network');
  await next();
  await wait(wizard).toHaveAttribute('data-step', 'settings');
  await page.locator('[name="iterations"]').fill('1');
  await next();
  await wait(wizard).toHaveAttribute('data-step', 'tag');
  await page.locator('[name="modelTag"]').fill('from-market');
  await next();
  await wait(wizard).toHaveAttribute('data-step', 'server');
  await next();
  await wait(wizard).toHaveAttribute('data-step', 'overview');
  await page.getByTestId('wizard-start').click();
  await wait(page).toHaveURL(new RegExp(`/en/console/projects/${projectId}/trainings/(?!new)[^/]+$`));
  const trainingId = page.url().split('/').pop()!;
  await wait(page.getByTestId('training-detail')).toBeVisible();
  const trainings = (await (
    await page.request.get(`/api/projects/${projectId}/trainings`, { headers: await buyer.auth() })
  ).json()) as { items: { id: string; modelTag: string | null }[] };
  expect(trainings.items.map((t) => [t.id, t.modelTag])).toEqual([[trainingId, 'from-market']]);

  // The seller's Sales tab: both sales and their total.
  await sellerPage.goto('/console/market/sales');
  await wait(sellerPage.getByTestId('sales-row')).toHaveCount(2);
  await expect(sellerPage.getByTestId('sales-total')).toContainText(
    (PRICES.dataset + PRICES.model).toLocaleString('ko-KR'),
  );

  // The trainer reads the bought model as the training's base (the embedded trainer runs one
  // training at a time, so it may first wait for another spec's). This fixture's model is the
  // hand-made red-square detector, not a cut of the shipped MobileNetV2, so the trainer refuses it
  // at load with the clear base_model_invalid rather than failing later (training from a bought
  // backbone model: server/market/exportPurchase.test.ts and the previous-model training test).
  const trainingState = async () => {
    const response = await page.request.get(`/api/projects/${projectId}/trainings/${trainingId}`, {
      headers: await buyer.auth(),
    });
    const training = (await response.json()) as { status: string; step: string; error: string | null };
    if (!['ready', 'downloading'].includes(training.step)) return 'learning';
    return training.status === 'failed' ? `failed before learning: ${training.error}` : 'not yet';
  };
  await expect.poll(trainingState, { timeout: 180_000, intervals: [1_000] }).not.toBe('not yet');
  expect(await trainingState()).toBe('failed before learning: base_model_invalid');

  // Free the shared trainer for the other specs.
  await page.request.post(`/api/projects/${projectId}/trainings/${trainingId}/stop`, { headers: await buyer.auth() });
  // Contexts made here outlive the test unless closed (the worker's browser is shared).
  await Promise.all([sellerPage, adminPage, page].map((p) => p.context().close()));
});
