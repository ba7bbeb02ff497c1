import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { Model } from '../../../../contract/apiModels';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubHandler } from '../../../test/stubFetch';
import ProjectPage from '../projects/ProjectPage';
import { imageFixture, labelsFixture, me, projectFixture } from '../projects/projectsTestData';

signedInConsoleTests();

function model(over: Partial<Model> = {}): Model {
  return {
    id: 'm1',
    projectId: 'p1',
    tag: 'first',
    task: 'detection',
    network: 'detector-compact',
    backbone: 'mobilenet-v2',
    inputSize: 256,
    labels: [{ id: 'l1', name: 'cat', color: '#e53935' }],
    metrics: { map50: 0.7 },
    trainingId: null,
    source: 'trained',
    bytes: 1000,
    createdBy: null,
    createdAt: '2026-01-03T00:00:00Z',
    assist: false,
    ...over,
  };
}

function render(handlers: Record<string, StubHandler>, role: 'admin' | 'worker' = 'admin', locale: 'ko' | 'en' = 'en') {
  const calls = stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture({ role, imageCount: 12, labeledCount: 3 })),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/images': () =>
      json(200, { items: [imageFixture({ machineLabels: 2, labeled: true })], total: 1, nextCursor: null }),
    'GET projects/p1/tags': () => json(200, []),
    ...handlers,
  });
  const view = renderWithProviders(
    <Route path={paths.consoleProject}>
      <ProjectPage />
    </Route>,
    { path: '/console/projects/p1', locale },
  );
  return { calls, ...view };
}

const models = [
  model(),
  model({ id: 'm2', tag: 'assist', assist: true, metrics: { map50: 0.8, bestThreshold: 0.42 } }),
];

describe('auto labeling', () => {
  it('starts with the assist model at its best threshold, follows the job and links to machine labels', async () => {
    let polls = 0;
    const { calls, location } = render({
      'GET projects/p1/models': () => json(200, { items: models }),
      'POST projects/p1/auto-labels': () => json(202, { jobId: 'j1' }),
      'GET projects/p1/auto-labels/j1': () =>
        json(
          200,
          ++polls === 1
            ? { jobId: 'j1', state: 'running', progress: 0.5, images: 9, labeledImages: 3, annotations: 4, error: null }
            : { jobId: 'j1', state: 'done', progress: 1, images: 9, labeledImages: 7, annotations: 11, error: null },
        ),
    });
    expect((await screen.findByTestId('image-machine-labels')).textContent).toBe('2 machine labels');
    fireEvent.click(await screen.findByTestId('auto-label-open'));
    const select = (await screen.findByTestId('auto-label-model')) as HTMLSelectElement;
    expect(select.value).toBe('m2');
    expect(screen.getByTestId('auto-label-threshold-value').textContent).toBe('0.42');
    expect(screen.getByText('All unlabeled images (9)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('auto-label-threshold'), { target: { value: '0.6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ modelId: 'm2', threshold: 0.6 }),
    );
    expect((await screen.findByTestId('auto-label-done')).textContent).toBe(
      'Done: 7 of 9 images got 11 machine labels.',
    );
    expect(polls).toBe(2);
    fireEvent.click(screen.getByTestId('auto-label-show'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/console/projects/p1?machine=true'));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Machine labels' }) as HTMLSelectElement).value).toBe('true'),
    );
  });

  it('a model without a known best threshold starts at its task default; a limit is sent when asked', async () => {
    const { calls } = render({
      'GET projects/p1/models': () => json(200, { items: [model()] }),
      'POST projects/p1/auto-labels': () => apiError(503, 'trainer_unavailable'),
    });
    fireEvent.click(await screen.findByTestId('auto-label-open'));
    expect((await screen.findByTestId('auto-label-threshold-value')).textContent).toBe('0.30');
    fireEvent.click(screen.getByRole('checkbox', { name: 'At most' }));
    fireEvent.change(screen.getByTestId('auto-label-limit'), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 1 to 100,000.');
    expect((screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('auto-label-limit'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByTestId('auto-label-error')).textContent).toBe(
      'The learning server did not receive the request normally.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ modelId: 'm1', threshold: 0.3, limit: 5 });
    expect(screen.getByTestId('auto-label-form')).toBeTruthy();
  });

  it('is not offered without a model, nor to workers', async () => {
    const first = render({ 'GET projects/p1/models': () => json(200, { items: [] }) });
    await screen.findAllByTestId('image-card');
    await waitFor(() => expect(first.calls.some((c) => c.path === 'projects/p1/models')).toBe(true));
    expect(screen.queryByTestId('auto-label-open')).toBeNull();
    first.unmount();
    const second = render({ 'GET projects/p1/models': () => json(200, { items: models }) }, 'worker');
    await screen.findAllByTestId('image-card');
    expect(screen.queryByTestId('auto-label-open')).toBeNull();
    expect(second.calls.some((c) => c.path === 'projects/p1/models')).toBe(false);
  });
});
