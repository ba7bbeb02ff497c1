import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../test/stubFetch';
import { projectFixture } from '../projects/projectsTestData';
import MarketConsolePage from './MarketConsolePage';
import { modelResourceFixture, purchaseFixture, sessionAnswers } from './marketTestData';

signedInConsoleTests();

const page = (
  <Route path={paths.consoleMarket}>
    <MarketConsolePage />
  </Route>
);

const modelPurchase = purchaseFixture({
  id: 'pu2',
  resource: modelResourceFixture({ id: 'r8', mine: false, purchased: true }),
  price: 0,
  exports: [{ projectId: 'p3', projectTitle: 'Line two', at: '2026-11-21T05:00:00.000Z' }],
});

function stub(exportAnswer: (call: StubCall) => Response) {
  return stubFetch({
    ...sessionAnswers(),
    'GET purchases': () => json(200, { items: [purchaseFixture(), modelPurchase] }),
    'GET projects': () =>
      json(200, [
        projectFixture({ id: 'p1', title: 'Parts', subtype: 'IMAGE_OBJECT_DETECTION' }),
        projectFixture({ id: 'p2', title: 'Cells', subtype: 'IMAGE_CLASSIFICATION' }),
      ]),
    'POST purchases/pu1/export': exportAnswer,
    'POST purchases/pu2/export': exportAnswer,
  });
}

async function openExport(index: number) {
  const rows = await screen.findAllByTestId('market-purchase-row');
  fireEvent.click(within(rows[index]!).getByTestId('market-purchase-export'));
  return screen.findByTestId('export-form');
}

describe('Purchases tab and export', () => {
  it('lists what I bought with the price paid and where it went', async () => {
    stub(() => json(500));
    renderWithProviders(page, { locale: 'en', path: '/console/market/purchases' });
    const rows = await screen.findAllByTestId('market-purchase-row');
    expect(within(rows[0]!).getByTestId('market-purchase-price').textContent).toBe('₩15,000');
    expect(within(rows[0]!).getByTestId('market-purchase-exports').textContent).toBe('Not exported yet.');
    expect(within(rows[1]!).getByTestId('market-purchase-price').textContent).toBe('Free');
    expect(within(rows[1]!).getByTestId('market-purchase-exports').textContent).toBe('Line two');
    expect(within(rows[1]!).getByTestId('market-purchase-export').textContent).toBe('Add to project');
  });

  it('exports a dataset into a new project after checking its title, then links to it', async () => {
    const calls = stub(() =>
      json(200, { projectId: 'p9', images: 12, annotations: 30, labelsAdded: 1, modelId: null }),
    );
    renderWithProviders(page, { locale: 'en', path: '/console/market/purchases' });
    const form = await openExport(0);
    const title = within(form).getByTestId('export-title') as HTMLInputElement;
    expect(title.value).toBe('Screws');
    fireEvent.change(title, { target: { value: 'Screws!' } });
    expect(within(form).getByTestId('export-title-error').textContent).toBe(
      'It cannot be done with special characters.',
    );
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Screws 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const result = await screen.findByTestId('export-result');
    expect(result.textContent).toContain('Resource is exported.');
    expect(within(result).getByTestId('export-counts').textContent).toContain('12 images');
    expect(within(result).getByTestId('export-open').getAttribute('href')).toBe('/console/projects/p9');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ target: 'new', title: 'Screws 2' });
  });

  it('offers only my projects of the same type, and says when the label classes do not fit', async () => {
    stub(() => apiError(409, 'label_room'));
    renderWithProviders(page, { locale: 'ko', path: '/console/market/purchases' });
    const form = await openExport(0);
    fireEvent.change(within(form).getByTestId('export-target'), { target: { value: 'existing' } });
    const project = within(form).getByTestId('export-project') as HTMLSelectElement;
    await waitFor(() => expect([...project.options].map((o) => o.value)).toEqual(['', 'p1']));
    fireEvent.change(project, { target: { value: 'p1' } });
    fireEvent.click(screen.getByRole('button', { name: '내보내기' }));
    expect((await within(form).findByTestId('export-error')).textContent).toBe(
      '프로젝트에 라벨 클래스를 추가할 공간이 부족합니다.',
    );
    expect(project.value).toBe('p1');
  });

  it('says an export failed with the reason', async () => {
    stub(() => apiError(403, 'forbidden'));
    renderWithProviders(page, { locale: 'en', path: '/console/market/purchases' });
    const form = await openExport(0);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await within(form).findByTestId('export-error')).textContent).toContain('Resource export failed.');
  });

  it('adds a bought model to a project of the same task, then offers to train with it or deploy it', async () => {
    const calls = stub(() => json(200, { projectId: 'p1', images: 0, annotations: 0, labelsAdded: 0, modelId: 'm7' }));
    renderWithProviders(page, { locale: 'en', path: '/console/market/purchases' });
    const form = await openExport(1);
    expect(within(form).queryByTestId('export-target')).toBeNull();
    const project = within(form).getByTestId('export-project') as HTMLSelectElement;
    // A detection model: the classification project is left out.
    await waitFor(() => expect([...project.options].map((o) => o.value)).toEqual(['', 'p1']));
    fireEvent.change(project, { target: { value: 'p1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to project' }));
    const result = await screen.findByTestId('export-result');
    expect(within(result).getByTestId('export-train').getAttribute('href')).toBe('/console/projects/p1/trainings/new');
    expect(within(result).getByTestId('export-deploy').getAttribute('href')).toBe(
      '/console/deployments/new?project=p1&model=m7',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ target: 'existing', projectId: 'p1' });
  });
});
