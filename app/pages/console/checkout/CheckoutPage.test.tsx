import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch } from '../../../test/stubFetch';
import CheckoutPage from './CheckoutPage';
import { parseCheckoutQuery } from './checkoutQuery';
import { billingFixture, orderFixture, orgFixture, resourceFixture, sessionAnswers } from './checkoutTestData';
import type * as TossLoader from './tossLoader';
import type { TossPaymentRequest } from './tossLoader';

const toss = vi.hoisted(() => ({
  requests: [] as unknown[],
  customerKeys: [] as string[],
  clientKeys: [] as string[],
  fail: null as null | { code: string; message: string },
}));

// Toss's SDK is never fetched in tests: the loader hands back a stand-in that records the request.
vi.mock('./tossLoader', async (importOriginal) => ({
  ...(await importOriginal<typeof TossLoader>()),
  loadTossPayments: () =>
    Promise.resolve((clientKey: string) => {
      toss.clientKeys.push(clientKey);
      return {
        payment: ({ customerKey }: { customerKey: string }) => {
          toss.customerKeys.push(customerKey);
          return {
            requestPayment: (request: TossPaymentRequest) => {
              toss.requests.push(request);
              return toss.fail ? Promise.reject(toss.fail) : new Promise(() => undefined);
            },
          };
        },
      };
    }),
}));

signedInConsoleTests();

const won = (n: number, locale = 'ko-KR') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'KRW', maximumFractionDigits: 0 }).format(n);
const last = (history: readonly string[] | undefined) => history?.at(-1);

describe('checkout of a plan', () => {
  it('shows the plan, period, price, VAT and total, and bills the current organization through the test window', async () => {
    localStorage.setItem('current-organization:u1', 'o2');
    const created = orderFixture({ orderId: 'ord_plan01', kind: 'plan', amount: 1_089_000, vat: 99_000 });
    const calls = stubFetch({
      ...sessionAnswers('test', [
        orgFixture(),
        orgFixture({ id: 'o2', name: 'Beta', role: 'admin' }),
        orgFixture({ id: 'o3', name: 'Gamma', role: 'member' }),
      ]),
      'POST orders': () => json(201, created),
    });
    const { location } = renderWithProviders(<CheckoutPage />, {
      path: '/console/checkout?plan=standard&billing=yearly',
    });
    expect(await screen.findByTestId('checkout')).toBeTruthy();
    expect(screen.getByTestId('test-mode-banner').textContent).toContain('테스트 모드');
    expect(screen.getByTestId('checkout-name').textContent).toBe('Standard');
    expect(screen.getByTestId('checkout-period').textContent).toBe('연간 결제(2개월 무료)');
    expect(screen.getByTestId('checkout-supply').textContent).toBe(won(990_000));
    expect(screen.getByTestId('checkout-vat').textContent).toBe(won(99_000));
    expect(screen.getByTestId('checkout-total').textContent).toBe(won(1_089_000));
    const account = screen.getByTestId('checkout-account') as HTMLSelectElement;
    // Only accounts the user may bill: personal, and organizations where they are owner or admin.
    expect(Array.from(account.options).map((o) => o.value)).toEqual(['personal', 'o1', 'o2']);
    expect(account.value).toBe('o2');
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(last(location.history)).toBe('/console/checkout/test/ord_plan01'));
    expect(calls.find((c) => c.method === 'POST' && c.path === 'orders')?.body).toEqual({
      kind: 'plan',
      plan: 'standard',
      billing: 'yearly',
      account: 'o2',
    });
  });

  it('bills the account chosen in the select, in English', async () => {
    const calls = stubFetch({
      ...sessionAnswers('test', [orgFixture()]),
      'GET billing': () =>
        json(200, billingFixture({ plan: 'standard', billing: 'monthly', renewsAt: '2026-06-01T00:00:00.000Z' })),
      'POST orders': () => json(201, orderFixture({ orderId: 'ord_plan02', kind: 'plan' })),
    });
    renderWithProviders(<CheckoutPage />, {
      locale: 'en',
      path: '/console/checkout?plan=pro&billing=monthly&account=o1',
    });
    const account = (await screen.findByTestId('checkout-account')) as HTMLSelectElement;
    expect(account.value).toBe('o1');
    expect(screen.getByTestId('checkout-total').textContent).toBe(won(429_000, 'en-US'));
    expect((await screen.findByTestId('checkout-current-plan')).textContent).toBe(
      'This account is on Standard, paid until 2026-06-01 09:00 KST.',
    );
    expect(screen.getByTestId('test-mode-banner').textContent).toContain('Test mode — no money moves');
    fireEvent.change(account, { target: { value: 'personal' } });
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(calls.some((c) => c.path === 'orders')).toBe(true));
    expect(calls.find((c) => c.path === 'orders')?.body).toMatchObject({ plan: 'pro', account: 'personal' });
  });

  it.each([['plan=free'], ['plan=enterprise&billing=monthly'], ['plan=gold'], [''], ['resource=%3Cx%3E']])(
    'has nothing to sell for ?%s',
    async (query) => {
      stubFetch(sessionAnswers());
      renderWithProviders(<CheckoutPage />, { path: `/console/checkout?${query}` });
      expect(await screen.findByTestId('checkout-nothing')).toBeTruthy();
      expect(screen.queryByTestId('checkout-pay')).toBeNull();
    },
  );
});

describe('checkout of a resource', () => {
  it('opens Toss’s payment window with the server’s order: amount, order id and the localized return address', async () => {
    toss.requests.length = 0;
    toss.fail = null;
    stubFetch({
      ...sessionAnswers('toss'),
      'GET market/resources/r1': () => json(200, resourceFixture()),
      'POST orders': () => json(201, orderFixture({ provider: 'toss', amount: 30_000 })),
    });
    renderWithProviders(<CheckoutPage />, { locale: 'en', path: '/console/checkout?resource=r1' });
    expect(await screen.findByTestId('checkout-name')).toBeTruthy();
    expect(screen.getByTestId('checkout-name').textContent).toBe('Defect images');
    expect(screen.getByTestId('checkout-kind').textContent).toBe('Dataset');
    expect(screen.getByTestId('checkout-seller').textContent).toBe('Seller Park');
    expect(screen.getByTestId('checkout-total').textContent).toBe(won(30_000, 'en-US'));
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(toss.requests).toHaveLength(1));
    const back = `${window.location.origin}/en/console/admin/pay`;
    expect(toss.requests[0]).toEqual({
      method: 'CARD',
      amount: { currency: 'KRW', value: 30_000 },
      orderId: 'ord_abc123',
      orderName: 'Defect images',
      successUrl: back,
      failUrl: back,
      customerEmail: 'kim@maru.ai',
      customerName: '김라벨',
    });
    expect(toss.clientKeys.at(-1)).toMatch(/^test_ck_/);
    expect(toss.customerKeys.at(-1)).toBe('u1');
  });

  it('says so when the buyer closes Toss’s window, and Pay works again', async () => {
    toss.fail = { code: 'USER_CANCEL', message: 'The user canceled' };
    const calls = stubFetch({
      ...sessionAnswers('toss'),
      'GET market/resources/r1': () => json(200, resourceFixture()),
      'POST orders': () => json(201, orderFixture({ provider: 'toss' })),
    });
    renderWithProviders(<CheckoutPage />, { locale: 'en', path: '/console/checkout?resource=r1' });
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    const error = await screen.findByTestId('checkout-window-error');
    expect(error.textContent).toContain('USER_CANCEL');
    expect(error.textContent).toContain('Nothing was charged');
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(false);
    expect(calls.filter((c) => c.path === 'orders')).toHaveLength(1);
    toss.fail = null;
  });

  it('skips payment for a free resource and shows its order', async () => {
    stubFetch({
      ...sessionAnswers(),
      'GET market/resources/r1': () => json(200, resourceFixture({ price: 0 })),
      'POST orders': () => json(201, orderFixture({ amount: 0, status: 'DONE', provider: 'free' })),
    });
    const { location } = renderWithProviders(<CheckoutPage />, { path: '/console/checkout?resource=r1' });
    const pay = await screen.findByTestId('checkout-pay');
    expect(pay.textContent).toBe('무료로 받기');
    fireEvent.click(pay);
    await waitFor(() => expect(last(location.history)).toBe('/console/admin/pay?orderId=ord_abc123'));
  });

  it('explains a refusal in plain words and keeps the page as it was', async () => {
    stubFetch({
      ...sessionAnswers(),
      'GET market/resources/r1': () => json(200, resourceFixture()),
      'POST orders': () => apiError(409, 'already_purchased'),
    });
    renderWithProviders(<CheckoutPage />, { path: '/console/checkout?resource=r1' });
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      '이미 구매한 리소스입니다. 구매 목록에서 확인하세요.',
    );
    expect(screen.getByRole('link', { name: '구매 목록으로 이동' }).getAttribute('href')).toBe(
      '/console/market/purchases',
    );
    expect(screen.getByTestId('checkout-name').textContent).toBe('Defect images');
  });

  it('offers no Pay for a resource already owned or one’s own', async () => {
    stubFetch({
      ...sessionAnswers(),
      'GET market/resources/r1': () => json(200, resourceFixture({ purchased: true })),
    });
    const first = renderWithProviders(<CheckoutPage />, { path: '/console/checkout?resource=r1' });
    expect(await screen.findByTestId('checkout-owned')).toBeTruthy();
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
    first.unmount();
    stubFetch({
      ...sessionAnswers(),
      'GET market/resources/r2': () => json(200, resourceFixture({ id: 'r2', mine: true })),
    });
    renderWithProviders(<CheckoutPage />, { path: '/console/checkout?resource=r2' });
    expect(await screen.findByTestId('checkout-mine')).toBeTruthy();
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
  });

  it('says when the resource is not for sale', async () => {
    stubFetch({ ...sessionAnswers(), 'GET market/resources/r9': () => apiError(404, 'not_found') });
    renderWithProviders(<CheckoutPage />, { locale: 'en', path: '/console/checkout?resource=r9' });
    expect((await screen.findByTestId('checkout-missing')).textContent).toContain('not for sale');
  });
});

describe('parseCheckoutQuery', () => {
  it('reads a resource or a buyable plan', () => {
    expect(parseCheckoutQuery('?resource=r1')).toEqual({ kind: 'resource', resourceId: 'r1' });
    expect(parseCheckoutQuery('plan=pro')).toEqual({ kind: 'plan', plan: 'pro', billing: 'monthly', account: null });
    expect(parseCheckoutQuery('plan=pro&billing=weekly')).toBeNull();
  });
});
