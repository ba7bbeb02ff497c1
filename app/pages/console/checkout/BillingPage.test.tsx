import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch } from '../../../test/stubFetch';
import { testUser } from '../../../test/testUser';
import CheckoutPage from './CheckoutPage';
import { billingFixture, orderFixture, orgFixture, sessionAnswers } from './checkoutTestData';

signedInConsoleTests();

describe('BillingPage', () => {
  it('shows the plan, its usage against the limits, plan changes and my orders', async () => {
    stubFetch({
      ...sessionAnswers('test', [orgFixture()]),
      'GET billing': () => json(200, billingFixture()),
      'GET orders': () => json(200, { items: [orderFixture({ status: 'DONE', method: 'TEST' })] }),
    });
    renderWithProviders(<CheckoutPage />, { locale: 'en', path: '/console/billing' });
    expect((await screen.findByTestId('billing-plan-name')).textContent).toBe('Free');
    expect(screen.getByTestId('billing-renewal').textContent).toBe('The free plan has no end date.');
    expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
    const usage = (kind: string) => within(screen.getByTestId(`usage-${kind}`)).getByTestId('usage-text').textContent;
    expect(usage('projects')).toBe('2 of 3');
    expect(usage('storage')).toBe('1.5 GB of 5 GB');
    expect(usage('trainingHours')).toBe('2 h of 2 h');
    expect(screen.getByTestId('usage-trainingHours').dataset.full).toBe('true');
    expect(screen.getByTestId('usage-projects').dataset.full).toBe('false');
    expect(screen.getByTestId('billing-choose-standard').getAttribute('href')).toBe(
      '/console/checkout?plan=standard&billing=monthly&account=personal',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly (2 months free)' }));
    await waitFor(() =>
      expect(screen.getByTestId('billing-choose-pro').getAttribute('href')).toBe(
        '/console/checkout?plan=pro&billing=yearly&account=personal',
      ),
    );
    // Only platform admins are offered the list of every order.
    expect(screen.queryByTestId('billing-admin-orders')).toBeNull();
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('order-status').textContent).toBe('Paid');
  });

  it('shows an organization’s paid plan with its renewal in Korean time and unlimited limits', async () => {
    const calls = stubFetch({
      ...sessionAnswers('toss', [orgFixture({ role: 'member' })]),
      'GET billing': () =>
        json(
          200,
          billingFixture({
            account: { kind: 'organization', id: 'o1', name: 'Acme' },
            plan: 'pro',
            billing: 'yearly',
            renewsAt: '2027-05-01T15:00:00.000Z',
            limits: { projects: null, storage: 1024 ** 4, trainingHours: 100, edgePoints: 20, webPoints: 5 },
            canManage: false,
          }),
        ),
      'GET orders': () => json(200, { items: [] }),
    });
    localStorage.setItem('current-organization:u1', 'o1');
    renderWithProviders(<CheckoutPage />, { locale: 'en', path: '/console/billing' });
    expect((await screen.findByTestId('billing-plan-name')).textContent).toBe('Pro');
    expect((screen.getByTestId('billing-account') as HTMLSelectElement).value).toBe('o1');
    expect(screen.getByTestId('billing-renewal').textContent).toContain('2027-05-02 00:00 KST');
    expect(within(screen.getByTestId('usage-projects')).getByTestId('usage-text').textContent).toBe('2 (unlimited)');
    expect(within(screen.getByTestId('usage-storage')).getByTestId('usage-text').textContent).toBe('1.5 GB of 1 TB');
    // A member sees the plan but may not change it, and is told why.
    expect((screen.getByTestId('billing-choose-pro') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('billing-manage-note').textContent).toContain('owner or an admin');
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    const asked = calls.filter((c) => c.path === 'billing');
    expect(asked.length).toBeGreaterThan(0);
  });

  it('offers platform admins the list of every order', async () => {
    stubFetch({
      ...sessionAnswers('test', [], testUser({ scope: ['user', 'admin'] })),
      'GET billing': () => json(200, billingFixture()),
      'GET orders': () => json(200, { items: [] }),
    });
    renderWithProviders(<CheckoutPage />, { path: '/console/billing' });
    expect((await screen.findByTestId('billing-admin-orders')).getAttribute('href')).toBe('/console/admin/orders');
  });
});
