import { expect, test } from '@playwright/test';
import { orderListSchema } from '../contract/apiPayments';
import { planCharge } from '../contract/plans';
import { axeFindings } from './axeFindings';
import { storeSession } from './consoleSession';
import { newAccount } from './studioProject';

/*
 * Plan checkout in test mode through the pages a user clicks: the pricing page's Standard button
 * (signed in) → checkout with supply, VAT and total → the built-in payment window → the result
 * page → Plan & billing showing the plan and the order; and a payment canceled in the window, which
 * the result page reports as failed with the window's reason.
 */

const wait = expect.configure({ timeout: 30_000 });
const won = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'KRW', maximumFractionDigits: 0 }).format(n);

test('buys the Standard plan from the pricing page in test mode and sees it on Plan & billing', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount(request, 'Plan Buyer');
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await storeSession(page, await account.login());

  await page.goto('/en/pricing');
  await page.getByTestId('plan-standard').getByRole('link').click();
  await wait(page).toHaveURL(/\/en\/console\/checkout\?plan=standard&billing=monthly$/);
  const checkout = page.getByTestId('checkout');
  await wait(checkout).toBeVisible();
  await expect(page.getByTestId('test-mode-banner')).toContainText('Test mode — no money moves');
  const charge = planCharge('standard', 'monthly')!;
  await expect(page.getByTestId('checkout-vat')).toHaveText(won(charge.vat));
  await expect(page.getByTestId('checkout-total')).toHaveText(won(charge.amount));
  await expect(page.getByTestId('checkout-account')).toHaveValue('personal');
  expect.soft(await axeFindings(page), 'checkout').toEqual([]);

  await page.getByTestId('checkout-pay').click();
  await wait(page.getByTestId('test-window')).toBeVisible();
  await expect(page.getByTestId('test-window-amount')).toHaveText(won(charge.amount));
  expect.soft(await axeFindings(page), 'the test payment window').toEqual([]);
  await page.getByTestId('test-window-pay').click();
  await wait(page).toHaveURL(/\/en\/console\/admin\/pay\?/);
  await wait(page.getByTestId('pay-result')).toHaveAttribute('data-status', 'DONE');
  await expect(page.getByTestId('pay-amount')).toHaveText(won(charge.amount));
  await expect(page.getByTestId('test-mode-banner')).toBeVisible();
  expect.soft(await axeFindings(page), 'the payment result').toEqual([]);
  // A reload confirms again: the server answers the paid order as it was.
  await page.reload();
  await wait(page.getByTestId('pay-result')).toHaveAttribute('data-status', 'DONE');

  await page.getByTestId('pay-next').click();
  await wait(page).toHaveURL(/\/en\/console\/billing$/);
  await wait(page.getByTestId('billing-plan-name')).toHaveText('Standard');
  await expect(page.getByTestId('billing-renewal')).toContainText('KST');
  await expect(page.getByTestId('usage-projects').getByTestId('usage-text')).toContainText('of 20');
  const row = page.getByTestId('order-row');
  await wait(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'DONE');
  expect.soft(await axeFindings(page), 'Plan & billing').toEqual([]);

  const orders = orderListSchema.parse(
    await (await request.get('/api/orders', { headers: await account.auth() })).json(),
  );
  expect(orders.items.map((o) => [o.status, o.amount, o.plan])).toEqual([['DONE', charge.amount, 'standard']]);
  await context.close();
});

test('a payment canceled in the test window is reported as failed, with its reason', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const account = await newAccount(request, '결제 취소');
  const context = await browser.newContext({ locale: 'ko-KR' });
  const page = await context.newPage();
  await storeSession(page, await account.login());

  await page.goto('/console/checkout?plan=pro&billing=yearly');
  await wait(page.getByTestId('checkout')).toBeVisible();
  await page.getByTestId('checkout-pay').click();
  await wait(page.getByTestId('test-window')).toBeVisible();
  await page.getByTestId('test-window-cancel').click();
  await wait(page.getByTestId('pay-result')).toHaveAttribute('data-status', 'FAILED');
  await expect(page.getByTestId('pay-reason')).toHaveText('구매자가 결제를 취소했습니다.');
  expect.soft(await axeFindings(page), 'a failed payment').toEqual([]);
  await expect(page.getByTestId('pay-next')).toHaveAttribute(
    'href',
    '/console/checkout?plan=pro&billing=yearly&account=personal',
  );
  await context.close();
});
