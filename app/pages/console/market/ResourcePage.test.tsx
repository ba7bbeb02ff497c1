import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../test/stubFetch';
import MarketConsolePage from './MarketConsolePage';
import { resourceFixture } from '../../../test/resourceFixture';
import { purchaseFixture, sessionAnswers } from './marketTestData';

signedInConsoleTests();

const page = (
  <>
    <Route path={paths.consoleMarketItem}>
      <MarketConsolePage />
    </Route>
    <Route path={paths.consoleMarket}>
      <div data-testid="at-list" />
    </Route>
  </>
);

function stub(over: Record<string, (call: StubCall) => Response>) {
  return stubFetch({ ...sessionAnswers(), ...over });
}

describe('Resource page', () => {
  it('shows my rejected resource with the reason, and saves a new price and description', async () => {
    const calls = stub({
      'GET market/resources/r1': () =>
        json(200, resourceFixture({ approval: 'rejected', rejectReason: 'Covers are blurry', visibility: 'private' })),
      'PATCH resources/r1': (call) => json(200, resourceFixture({ ...(call.body as object), approval: 'rejected' })),
    });
    renderWithProviders(page, { locale: 'en', path: '/console/market/resources/r1' });
    const status = await screen.findByTestId('resource-status');
    expect(within(status).getByTestId('resource-approval').getAttribute('data-state')).toBe('rejected');
    expect(within(status).getByTestId('resource-approval-reason').textContent).toBe('Reason: Covers are blurry');
    expect(screen.getByTestId('resource-images').textContent).toBe('12');
    expect(screen.queryByTestId('resource-public-page')).toBeNull();

    fireEvent.click(screen.getByTestId('resource-edit-open'));
    const form = await screen.findByTestId('resource-edit');
    fireEvent.change(within(form).getByTestId('resource-price'), { target: { value: 'abc' } });
    expect(within(form).getByTestId('resource-price-error').textContent).toBe('Please enter a valid number.');
    fireEvent.change(within(form).getByTestId('resource-price'), { target: { value: '0' } });
    fireEvent.change(within(form).getByTestId('resource-description'), { target: { value: 'Now free' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        description: 'Now free',
        price: 0,
        visibility: 'private',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('resource-price').textContent).toBe('Free'));
  });

  it('deletes my resource after a confirmation and goes back to the list', async () => {
    stub({
      'GET market/resources/r1': () => json(200, resourceFixture()),
      'DELETE resources/r1': () => json(204),
    });
    renderWithProviders(page, { locale: 'en', path: '/console/market/resources/r1' });
    fireEvent.click(await screen.findByTestId('resource-delete'));
    await screen.findByTestId('resource-delete-confirm');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByTestId('at-list');
  });

  it('shows a buyer the purchase and where it went instead of the seller actions', async () => {
    const bought = resourceFixture({ id: 'r9', name: 'Screws', mine: false, purchased: true });
    stub({
      'GET market/resources/r9': () => json(200, bought),
      'GET purchases': () =>
        json(200, {
          items: [
            purchaseFixture({
              resource: bought,
              exports: [{ projectId: 'p3', projectTitle: 'Line two', at: '2026-11-21T05:00:00.000Z' }],
            }),
          ],
        }),
    });
    renderWithProviders(page, { locale: 'ko', path: '/console/market/resources/r9' });
    const panel = await screen.findByTestId('resource-bought');
    expect(panel.textContent).toContain('₩15,000');
    expect(within(panel).getByRole('link', { name: 'Line two' }).getAttribute('href')).toBe('/console/projects/p3');
    expect(within(panel).getByTestId('resource-export').textContent).toBe('프로젝트로 내보내기');
    expect(screen.queryByTestId('resource-edit-open')).toBeNull();
    expect(screen.queryByTestId('resource-delete')).toBeNull();
  });

  it('says when the resource does not exist or is not mine to see', async () => {
    stub({ 'GET market/resources/nope': () => apiError(404, 'not_found') });
    renderWithProviders(page, { locale: 'en', path: '/console/market/resources/nope' });
    expect((await screen.findByTestId('resource-missing')).textContent).toContain('does not exist');
  });
});
