import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { queryClient } from '../../api/queryClient';
import { clearTokens } from '../../api/tokenStorage';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInConsoleTests } from '../../test/signedInConsoleTests';
import { apiError, json, stubFetch } from '../../test/stubFetch';
import { orderFixture, sessionAnswers } from './checkout/checkoutTestData';
import PayResultPage from './PayResultPage';
import { parsePayResult } from './payResult';

const PATH = '/console/admin/pay';
const won = (n: number, locale = 'ko-KR') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'KRW', maximumFractionDigits: 0 }).format(n);

signedInConsoleTests();

describe('PayResultPage', () => {
  it('confirms a returned payment with the server and shows the paid order in plain words', async () => {
    const paid = orderFixture({
      status: 'DONE',
      method: 'TEST',
      approvedAt: '2026-05-01T05:30:00.000Z',
    });
    const calls = stubFetch({ ...sessionAnswers(), 'POST payments/confirm': () => json(200, paid) });
    renderWithProviders(<PayResultPage />, { path: `${PATH}?paymentKey=test_pk_1&orderId=ord_abc123&amount=30000` });
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset.status).toBe('DONE');
    expect(calls.find((c) => c.path === 'payments/confirm')?.body).toEqual({
      paymentKey: 'test_pk_1',
      orderId: 'ord_abc123',
      amount: 30000,
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('결제가 완료되었습니다');
    expect(screen.getByTestId('pay-order-name').textContent).toBe('Defect images');
    expect(screen.getByTestId('pay-amount').textContent).toBe(won(30000));
    expect(screen.getByTestId('pay-status').textContent).toBe('결제 완료');
    expect(screen.getByTestId('pay-method').textContent).toBe('TEST');
    // 05:30 UTC is 14:30 in Korea.
    expect(screen.getByTestId('pay-approved-at').textContent).toBe('2026-05-01 14:30 KST');
    expect(screen.getByTestId('pay-next').getAttribute('href')).toBe('/console/market/purchases');
    expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
  });

  it('leads a paid plan to the plan page, in English', async () => {
    const paid = orderFixture({
      kind: 'plan',
      orderName: 'Pro plan (yearly)',
      resourceId: null,
      plan: 'pro',
      billing: 'yearly',
      account: 'personal',
      amount: 4_290_000,
      vat: 390_000,
      status: 'DONE',
      provider: 'toss',
      method: '카드',
      approvedAt: '2026-05-01T05:30:00.000Z',
    });
    stubFetch({ ...sessionAnswers('toss'), 'POST payments/confirm': () => json(200, paid) });
    renderWithProviders(<PayResultPage />, {
      locale: 'en',
      path: `${PATH}?paymentType=NORMAL&orderId=ord_abc123&paymentKey=tgen_2026&amount=4290000`,
    });
    expect((await screen.findByTestId('pay-result')).dataset.status).toBe('DONE');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment complete');
    expect(screen.getByTestId('pay-amount').textContent).toBe(won(4_290_000, 'en-US'));
    expect(screen.getByTestId('pay-next').getAttribute('href')).toBe('/console/billing');
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
  });

  it('confirms again harmlessly on a reload: the server answers the paid order as it is', async () => {
    const paid = orderFixture({ status: 'DONE', method: 'TEST', approvedAt: '2026-05-01T05:30:00.000Z' });
    const calls = stubFetch({ ...sessionAnswers(), 'POST payments/confirm': () => json(200, paid) });
    const path = `${PATH}?paymentKey=test_pk_1&orderId=ord_abc123&amount=30000`;
    const first = renderWithProviders(<PayResultPage />, { path });
    expect((await screen.findByTestId('pay-result')).dataset.status).toBe('DONE');
    first.unmount();
    queryClient.clear();
    renderWithProviders(<PayResultPage />, { path });
    expect((await screen.findByTestId('pay-result')).dataset.status).toBe('DONE');
    expect(screen.getByTestId('pay-approved-at').textContent).toBe('2026-05-01 14:30 KST');
    expect(calls.filter((c) => c.path === 'payments/confirm')).toHaveLength(2);
  });

  it('sends a signed-out visitor to sign in, returning to this exact address', async () => {
    clearTokens();
    const calls = stubFetch(sessionAnswers());
    const query = 'paymentKey=test_pk_1&orderId=ord_abc123&amount=30000';
    // Only the pay page's route renders it, as in the app: the login page replaces it.
    const { location } = renderWithProviders(
      <Route path={PATH}>
        <PayResultPage />
      </Route>,
      { path: `${PATH}?${query}` },
    );
    await waitFor(() => expect(location.history!.at(-1)).toMatch(/^\/login\?redirect=/));
    const redirect = new URLSearchParams(location.history!.at(-1)!.split('?')[1]).get('redirect');
    expect(redirect).toBe(`${PATH}?${query}`);
    expect(calls.some((c) => c.path === 'payments/confirm')).toBe(false);
  });

  it('refuses a tampered amount: the mismatch is said and the order shows unpaid', async () => {
    const calls = stubFetch({
      ...sessionAnswers(),
      'POST payments/confirm': () => apiError(400, 'payment_amount_mismatch'),
      'GET orders/ord_abc123': () => json(200, orderFixture()),
    });
    renderWithProviders(<PayResultPage />, { path: `${PATH}?paymentKey=test_pk_1&orderId=ord_abc123&amount=1` });
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset.status).toBe('READY');
    expect(screen.getByTestId('pay-error').textContent).toContain('결제 금액이 주문 금액과 일치하지 않아');
    expect(screen.getByTestId('pay-status').textContent).toBe('결제 대기');
    // The order's own amount is shown, never the one in the address.
    expect(screen.getByTestId('pay-amount').textContent).toBe(won(30000));
    expect(screen.getByTestId('pay-next').getAttribute('href')).toBe('/console/checkout?resource=r1');
    expect(calls.filter((c) => c.path === 'payments/confirm')).toHaveLength(1);
  });

  it('records a failure from the payment window and shows why', async () => {
    const failed = orderFixture({
      status: 'FAILED',
      failureCode: 'PAY_PROCESS_CANCELED',
      failureMessage: '사용자가 결제를 취소했습니다',
    });
    const calls = stubFetch({ ...sessionAnswers(), 'POST orders/ord_abc123/failure': () => json(200, failed) });
    renderWithProviders(<PayResultPage />, {
      path: `${PATH}?code=PAY_PROCESS_CANCELED&message=${encodeURIComponent('사용자가 결제를 취소했습니다')}&orderId=ord_abc123`,
    });
    expect((await screen.findByTestId('pay-result')).dataset.status).toBe('FAILED');
    expect(calls.find((c) => c.path === 'orders/ord_abc123/failure')?.body).toEqual({
      code: 'PAY_PROCESS_CANCELED',
      message: '사용자가 결제를 취소했습니다',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('결제에 실패했습니다');
    expect(screen.getByTestId('pay-reason').textContent).toBe('사용자가 결제를 취소했습니다');
    expect(screen.getByRole('link', { name: '고객지원 문의' }).getAttribute('href')).toBe('/support');
  });

  it('shows a refunded order with its cancel time and reason', async () => {
    const canceled = orderFixture({
      status: 'CANCELED',
      approvedAt: '2026-05-01T05:30:00.000Z',
      canceledAt: '2026-05-02T01:00:00.000Z',
      failureMessage: 'Duplicate order',
    });
    stubFetch({ ...sessionAnswers(), 'GET orders/ord_abc123': () => json(200, canceled) });
    renderWithProviders(<PayResultPage />, { locale: 'en', path: `${PATH}?orderId=ord_abc123` });
    expect((await screen.findByTestId('pay-result')).dataset.status).toBe('CANCELED');
    expect(screen.getByTestId('pay-status').textContent).toBe('Canceled (refunded)');
    expect(screen.getByTestId('pay-canceled-at').textContent).toBe('2026-05-02 10:00 KST');
    expect(screen.getByTestId('pay-reason').textContent).toBe('Duplicate order');
  });

  it('says the order cannot be found when the server does not know it', async () => {
    stubFetch({ ...sessionAnswers(), 'GET orders/ord_zzz999': () => apiError(404, 'not_found') });
    renderWithProviders(<PayResultPage />, { locale: 'en', path: `${PATH}?orderId=ord_zzz999` });
    expect((await screen.findByTestId('pay-result')).dataset.status).toBe('unknown');
    expect(screen.getByTestId('pay-error').textContent).not.toBe('');
  });

  it('says there is no payment information without a query', async () => {
    const calls = stubFetch(sessionAnswers());
    renderWithProviders(<PayResultPage />, { path: PATH });
    expect(await screen.findByTestId('pay-none')).toBeTruthy();
    expect(screen.getByText('결제 정보가 없습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '요금제 보기' }).getAttribute('href')).toBe('/pricing');
    expect(calls.some((c) => c.path.startsWith('orders') || c.path.startsWith('payments/confirm'))).toBe(false);
  });

  it.each([
    ['a negative amount', 'paymentKey=k&orderId=ord_abc123&amount=-5'],
    ['a decimal amount', 'paymentKey=k&orderId=ord_abc123&amount=1.5'],
    ['a missing amount', 'paymentKey=k&orderId=ord_abc123'],
    ['a malformed order id', 'orderId=%3Cscript%3E'],
    ['a failure without an order', 'code=X&message=y'],
  ])('treats %s as no payment information', async (_, query) => {
    stubFetch(sessionAnswers());
    renderWithProviders(<PayResultPage />, { path: `${PATH}?${query}` });
    expect(await screen.findByTestId('pay-none')).toBeTruthy();
    expect(screen.queryByTestId('pay-result')).toBeNull();
  });
});

describe('parsePayResult', () => {
  it('reads the three returns of a payment window', () => {
    expect(parsePayResult('?paymentType=NORMAL&orderId=ord_abc123&paymentKey=tgen_1&amount=0')).toEqual({
      kind: 'confirm',
      paymentKey: 'tgen_1',
      orderId: 'ord_abc123',
      amount: 0,
    });
    expect(parsePayResult('code=REJECT_CARD_COMPANY&message=x&orderId=ord_abc123')).toEqual({
      kind: 'failure',
      code: 'REJECT_CARD_COMPANY',
      message: 'x',
      orderId: 'ord_abc123',
    });
    expect(parsePayResult('orderId=ord_abc123')).toEqual({ kind: 'order', orderId: 'ord_abc123' });
  });
  it('rejects leading zeros, short order ids and over-long messages', () => {
    expect(parsePayResult('paymentKey=k&orderId=ord_abc123&amount=0100')).toBeNull();
    expect(parsePayResult('orderId=ab')).toBeNull();
    expect(parsePayResult(`code=X&orderId=ord_abc123&message=${'x'.repeat(501)}`)).toBeNull();
  });
});
