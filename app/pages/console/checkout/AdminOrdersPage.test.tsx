import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch } from '../../../test/stubFetch';
import { testUser } from '../../../test/testUser';
import CheckoutPage from './CheckoutPage';
import { orderFixture, sessionAnswers } from './checkoutTestData';

signedInConsoleTests();

const admin = testUser({ scope: ['user', 'admin'] });

describe('AdminOrdersPage', () => {
  it('refunds a paid order after a required reason and a confirmation', async () => {
    let canceled = false;
    const paid = orderFixture({ status: 'DONE', method: 'TEST', approvedAt: '2026-05-01T05:30:00.000Z' });
    const calls = stubFetch({
      ...sessionAnswers('test', [], admin),
      'GET admin/orders': () =>
        json(200, {
          items: [
            canceled ? { ...paid, status: 'CANCELED', failureMessage: 'Duplicate order' } : paid,
            orderFixture({ orderId: 'ord_other1', status: 'FAILED' }),
          ],
        }),
      'POST admin/orders/ord_abc123/cancel': () => {
        canceled = true;
        return json(200, { ...paid, status: 'CANCELED' });
      },
    });
    renderWithProviders(<CheckoutPage />, { locale: 'en', path: '/console/admin/orders' });
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    // Only a paid order can be refunded.
    expect(within(rows[1]!).queryByTestId('order-cancel')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('order-cancel'));
    const dialog = await screen.findByTestId('cancel-order');
    expect(dialog.textContent).toContain('the purchase is withdrawn');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByTestId('cancel-reason-error')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    fireEvent.change(within(dialog).getByTestId('cancel-reason'), { target: { value: '  Duplicate order ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'admin/orders/ord_abc123/cancel')).toBe(true));
    expect(calls.find((c) => c.path === 'admin/orders/ord_abc123/cancel')?.body).toEqual({ reason: 'Duplicate order' });
    await waitFor(() => expect(screen.getAllByTestId('order-row')[0]!.dataset.status).toBe('CANCELED'));
  });

  it('filters by status', async () => {
    const calls = stubFetch({
      ...sessionAnswers('test', [], admin),
      'GET admin/orders': () => json(200, { items: [] }),
    });
    renderWithProviders(<CheckoutPage />, { path: '/console/admin/orders' });
    expect(await screen.findByTestId('admin-orders-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('admin-orders-status'), { target: { value: 'DONE' } });
    await waitFor(() => expect(calls.some((c) => c.path === 'admin/orders' && c.method === 'GET')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.path === 'admin/orders')).toHaveLength(2));
  });

  it('tells anyone but a platform admin they may not see it', async () => {
    const calls = stubFetch(sessionAnswers());
    renderWithProviders(<CheckoutPage />, { path: '/console/admin/orders' });
    expect((await screen.findByTestId('admin-orders-forbidden')).textContent).toContain('권한이 없습니다');
    expect(calls.some((c) => c.path === 'admin/orders')).toBe(false);
  });
});
