import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../test/stubFetch';
import MarketConsolePage from './MarketConsolePage';
import { resourceFixture } from '../../../test/resourceFixture';
import { salesFixture, sessionAnswers } from './marketTestData';
import { Route } from 'wouter';

signedInConsoleTests();

const page = (
  <Route path={paths.consoleMarket}>
    <MarketConsolePage />
  </Route>
);

function stub(over: Record<string, (call: StubCall) => Response> = {}, admin = false) {
  return stubFetch({
    ...sessionAnswers(admin),
    'GET resources/mine': () =>
      json(200, {
        items: [
          resourceFixture(),
          resourceFixture({
            id: 'r2',
            name: 'Nuts',
            approval: 'rejected',
            rejectReason: 'Blurry covers',
            visibility: 'private',
          }),
          resourceFixture({
            id: 'r3',
            name: 'Gears',
            approval: 'check_failed',
            checkError: 'snapshot_counts',
            purchases: 0,
          }),
        ],
      }),
    ...over,
  });
}

describe('My resources tabs', () => {
  it('lists my resources with their approval state, why, price and sales; the tabs follow the URL', async () => {
    stub();
    const { location } = renderWithProviders(page, { locale: 'en', path: '/console/market' });
    const rows = await screen.findAllByTestId('market-mine-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('resource-approval').textContent).toBe('Approved');
    expect(within(rows[0]!).getByTestId('market-mine-public-page').getAttribute('href')).toBe('/resources/detail/r1');
    expect(rows[0]!.textContent).toContain('₩15,000');
    expect(within(rows[0]!).getByTestId('market-mine-sales').textContent).toBe('3');
    expect(within(rows[1]!).getByTestId('resource-approval-reason').textContent).toBe('Reason: Blurry covers');
    expect(within(rows[1]!).queryByTestId('market-mine-public-page')).toBeNull();
    expect(within(rows[2]!).getByTestId('resource-approval-reason').textContent).toContain('did not match');
    // Not a platform admin: no way to the review queue.
    expect(screen.queryByTestId('market-review-link')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Sales' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console/market/sales'));
  });

  it('switches a resource private and deletes one after a confirmation, saying so when it fails', async () => {
    let failDelete = true;
    const calls = stub({
      'PATCH resources/r1': (call) => json(200, resourceFixture({ ...(call.body as object) })),
      'DELETE resources/r3': () => (failDelete ? apiError(500, 'internal') : json(204)),
    });
    renderWithProviders(page, { locale: 'en', path: '/console/market' });
    const rows = await screen.findAllByTestId('market-mine-row');
    await userEvent.click(within(rows[0]!).getByTestId('market-mine-public'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ visibility: 'private' }));

    fireEvent.click(within(rows[2]!).getByTestId('market-mine-delete'));
    expect((await screen.findByTestId('resource-delete-confirm')).textContent).toContain('Gears');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An error occurred while deleting.')).toBeTruthy();
    failDelete = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The resource was deleted.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('shows the sales of this month with totals per resource and each sale, in won', async () => {
    const calls = stub({ 'GET sales': () => json(200, salesFixture()) });
    renderWithProviders(page, { locale: 'ko', path: '/console/market/sales' });
    expect((await screen.findByTestId('sales-total')).textContent).toBe('₩35,000');
    expect(screen.getByTestId('sales-count').textContent).toBe('3');
    expect(screen.getAllByTestId('sales-resource-row')).toHaveLength(2);
    expect(screen.getAllByTestId('sales-row')).toHaveLength(3);
    const asked = calls.find((c) => c.path === 'sales')!;
    expect(asked).toBeTruthy();

    fireEvent.change(screen.getByTestId('sales-period'), { target: { value: 'custom' } });
    expect(await screen.findByTestId('sales-choose')).toBeTruthy();
    fireEvent.change(screen.getByTestId('sales-from'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByTestId('sales-to'), { target: { value: '2026-10-31' } });
    await screen.findByTestId('sales-total');
  });

  it('lists bookmarks linking to their market page and removes one', async () => {
    let items = [resourceFixture({ id: 'r5', name: 'Rivets', mine: false, bookmarked: true, price: 0 })];
    const calls = stub({
      'GET bookmarks': () => json(200, { items }),
      'DELETE resources/r5/bookmark': () => {
        items = [];
        return json(204);
      },
    });
    renderWithProviders(page, { locale: 'en', path: '/console/market/bookmarks' });
    const row = await screen.findByTestId('market-bookmark-row');
    expect(within(row).getByRole('link', { name: 'Rivets' }).getAttribute('href')).toBe('/resources/detail/r5');
    expect(row.textContent).toContain('Free');
    fireEvent.click(within(row).getByRole('button', { name: 'Remove the bookmark of Rivets' }));
    expect(await screen.findByTestId('market-bookmarks-empty')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'resources/r5/bookmark')).toBe(true);
  });

  it('shows an unknown tab as not found', async () => {
    stub();
    renderWithProviders(page, { locale: 'en', path: '/console/market/nothing' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
