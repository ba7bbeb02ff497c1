import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch } from '../../../test/stubFetch';
import CheckoutPage from './CheckoutPage';
import { orderFixture, sessionAnswers } from './checkoutTestData';

signedInConsoleTests();

const PATH = '/console/checkout/test/ord_abc123';
const query = (href: string | undefined) => Object.fromEntries(new URLSearchParams(href?.split('?')[1] ?? ''));

describe('TestPaymentWindow', () => {
  it('approves with the test provider and returns to the result page as Toss would, with the order’s amount', async () => {
    const calls = stubFetch({
      ...sessionAnswers(),
      'GET orders/ord_abc123': () => json(200, orderFixture()),
      'POST payments/test/ord_abc123/approve': () => json(200, { paymentKey: 'test_pk_77' }),
    });
    const { location } = renderWithProviders(<CheckoutPage />, { path: PATH });
    expect((await screen.findByTestId('test-window-name')).textContent).toBe('Defect images');
    expect(screen.getByTestId('test-window-amount').textContent).toContain('30,000');
    expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
    fireEvent.click(screen.getByTestId('test-window-pay'));
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/console\/admin\/pay\?/));
    expect(location.history!.at(-1)!.split('?')[0]).toBe('/console/admin/pay');
    expect(query(location.history!.at(-1))).toEqual({
      paymentKey: 'test_pk_77',
      orderId: 'ord_abc123',
      amount: '30000',
      paymentType: 'NORMAL',
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === 'payments/test/ord_abc123/approve')).toBe(true);
  });

  it('cancels back to the result page with Toss’s cancel code', async () => {
    const calls = stubFetch({ ...sessionAnswers(), 'GET orders/ord_abc123': () => json(200, orderFixture()) });
    const { location } = renderWithProviders(<CheckoutPage />, { locale: 'en', path: PATH });
    fireEvent.click(await screen.findByTestId('test-window-cancel'));
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/console\/admin\/pay\?/));
    expect(query(location.history!.at(-1))).toEqual({
      code: 'PAY_PROCESS_CANCELED',
      message: 'The buyer canceled the payment.',
      orderId: 'ord_abc123',
    });
    expect(calls.some((c) => c.path.includes('approve'))).toBe(false);
  });

  it('shows an order that is no longer waiting, with a link to its result', async () => {
    stubFetch({ ...sessionAnswers(), 'GET orders/ord_abc123': () => json(200, orderFixture({ status: 'DONE' })) });
    renderWithProviders(<CheckoutPage />, { path: PATH });
    expect((await screen.findByTestId('test-window-settled')).textContent).toContain('결제 완료');
    expect(screen.queryByTestId('test-window-pay')).toBeNull();
    expect(screen.getByRole('link', { name: '주문 확인하기' }).getAttribute('href')).toBe(
      '/console/admin/pay?orderId=ord_abc123',
    );
  });
});
