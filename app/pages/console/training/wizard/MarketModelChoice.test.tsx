import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../../test/stubFetch';
import { resourceFixture } from '../../checkout/checkoutTestData';
import { labelsFixture } from '../../projects/projectsTestData';
import { modelFixture } from '../trainingTestData';
import { atStep, next, PATH, savedWizard, wizardAnswers, wizardPage as page } from './wizardTestKit';

signedInConsoleTests();
beforeEach(() => sessionStorage.clear());

const boughtModel = {
  id: 'pu1',
  resource: resourceFixture({
    id: 'r5',
    kind: 'model',
    name: 'Scratch finder',
    format: 'tfjs',
    model: { task: 'detection', network: 'detector-compact', inputSize: 320, metrics: {} },
    purchased: true,
  }),
  price: 50_000,
  orderId: 'ord_abc123',
  purchasedAt: '2026-05-01T05:30:00.000Z',
  exports: [],
};
const otherTask = {
  ...boughtModel,
  id: 'pu2',
  resource: {
    ...boughtModel.resource,
    id: 'r6',
    name: 'Sorter',
    model: { ...boughtModel.resource.model!, task: 'classification' },
  },
};
const exported = modelFixture({
  id: 'm9',
  tag: 'Scratch finder',
  source: 'uploaded',
  inputSize: 320,
  resourceId: 'r5',
});

function stubApi(over: Record<string, (call: StubCall) => Response> = {}) {
  return stubFetch({
    ...wizardAnswers(),
    'POST projects/p1/training-preview': () =>
      json(200, {
        images: 35,
        splitCounts: { train: 25, validation: 7, test: 3 },
        perLabel: labelsFixture.map((l) => ({ labelId: l.id, images: 30, annotations: 60 })),
        annotationType: 'box',
      }),
    ...over,
  });
}

async function toPretrained() {
  await atStep('split');
  await waitFor(() => expect(screen.getByTestId('split-counts').textContent).toMatch(/\d/));
  next();
  await atStep('datasets');
  await waitFor(() => expect(screen.getByTestId('dataset-total').textContent).toMatch(/35/));
  next();
  await atStep('pretrained');
}
const marketRadio = () => screen.getByTestId('pretrained-market').querySelector('input')!;

describe('the wizard’s market choice', () => {
  it('exports a bought model into the project, then starts from it with its network and input size', async () => {
    let inProject = false;
    const calls = stubApi({
      'GET purchases': () => json(200, { items: [boughtModel, otherTask] }),
      'GET projects/p1/models': () => json(200, { items: inProject ? [exported] : [] }),
      'POST purchases/pu1/export': () => {
        inProject = true;
        return json(200, { projectId: 'p1', images: 0, annotations: 0, labelsAdded: 0, modelId: 'm9' });
      },
    });
    renderWithProviders(page, { path: PATH, locale: 'en' });
    await toPretrained();
    await waitFor(() => expect(marketRadio().disabled).toBe(false));
    fireEvent.click(marketRadio());
    await waitFor(() => expect(marketRadio().checked).toBe(true));
    expect(calls.find((c) => c.path === 'purchases/pu1/export')?.body).toEqual({ target: 'existing', projectId: 'p1' });
    const select = screen.getByTestId('pretrained-market-select') as HTMLSelectElement;
    // Only the bought model of the project's task is offered.
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Scratch finder · Seller Park']);
    expect(select.value).toBe('pu1');
    // The exported model is the market's choice, not a "previous model" of the project.
    expect(screen.getByTestId('pretrained-model').querySelector('input')!.checked).toBe(false);
    next();
    await atStep('network');
    expect(screen.getByTestId('network-bound')).toBeTruthy();
    next();
    await atStep('settings');
    expect(document.querySelector<HTMLInputElement>('[name="inputSize"]')!.value).toBe('320');
  });

  it('chooses a bought model already in the project without exporting it again', async () => {
    const calls = stubApi({
      'GET purchases': () => json(200, { items: [boughtModel] }),
      'GET projects/p1/models': () => json(200, { items: [exported] }),
    });
    renderWithProviders(page, { path: PATH });
    await toPretrained();
    await waitFor(() => expect(marketRadio().disabled).toBe(false));
    // The exported model is not offered again as a previous model of the project.
    expect(screen.getByTestId('pretrained-model').querySelector('input')!.disabled).toBe(true);
    fireEvent.click(marketRadio());
    await waitFor(() => expect(marketRadio().checked).toBe(true));
    expect(calls.some((c) => c.path.endsWith('/export'))).toBe(false);
  });

  it('says why an export was refused and leaves the choice as it was', async () => {
    stubApi({
      'GET purchases': () => json(200, { items: [boughtModel] }),
      'POST purchases/pu1/export': () => apiError(403, 'plan_limit', { limit: 'storage', plan: 'free' }),
    });
    renderWithProviders(page, { path: PATH, locale: 'en' });
    await toPretrained();
    await waitFor(() => expect(marketRadio().disabled).toBe(false));
    fireEvent.click(marketRadio());
    const error = await screen.findByTestId('pretrained-market-error');
    expect(error.textContent).toContain('storage limit');
    expect(screen.getByTestId('plan-limit-link').getAttribute('href')).toBe('/console/billing');
    expect(screen.getByTestId('pretrained-backbone').querySelector('input')!.checked).toBe(true);
  });

  it('points to the market when nothing fitting was bought', async () => {
    stubApi({ 'GET purchases': () => json(200, { items: [otherTask] }) });
    renderWithProviders(page, { path: PATH, locale: 'en' });
    await toPretrained();
    const link = await screen.findByTestId('pretrained-market-link');
    expect(link.getAttribute('href')).toBe('/resources/model');
    expect(marketRadio().disabled).toBe(true);
  });

  it('names the training-hours limit when the plan refuses Start', async () => {
    savedWizard(7);
    stubApi({
      'GET purchases': () => json(200, { items: [] }),
      'POST projects/p1/trainings': () => apiError(403, 'plan_limit', { limit: 'trainingHours', plan: 'free' }),
    });
    renderWithProviders(page, { path: PATH, locale: 'en' });
    await atStep('overview');
    await waitFor(() => expect(screen.getByTestId('wizard-overview').textContent).toContain('30'));
    fireEvent.click(screen.getByTestId('wizard-start'));
    expect((await screen.findByTestId('wizard-problem')).textContent).toBe(
      'Your plan’s training hours for this month are used up. Upgrade your plan or wait for next month.',
    );
  });
});
