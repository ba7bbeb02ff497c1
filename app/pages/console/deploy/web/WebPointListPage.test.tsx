import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../../contract/routes';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../../test/stubFetch';
import { ConsoleScope } from '../../ConsoleScope';
import { modelFixture } from '../../training/trainingTestData';
import { pointListAnswers } from '../deployTestData';
import { webPointFixture } from './webTestData';
import WebPointListPage from './WebPointListPage';

signedInConsoleTests();

const page = (
  <ConsoleScope>
    <Route path={paths.consoleWebPoints}>
      <WebPointListPage />
    </Route>
    <Route path={paths.consoleWebPoint}>
      <div data-testid="at-point" />
    </Route>
  </ConsoleScope>
);

function stub(points: unknown[], over: Record<string, (call: StubCall) => Response> = {}) {
  return stubFetch({
    ...pointListAnswers(points),
    'GET projects/p1/models': () =>
      json(200, { items: [modelFixture({ id: 'm1', tag: 'v1' }), modelFixture({ id: 'm2', tag: 'v2' })] }),
    ...over,
  });
}

describe('WebPointListPage', () => {
  it('lists the web points with model, coloured state, address and the last hour', async () => {
    const calls = stub([
      webPointFixture(),
      webPointFixture({
        id: 'w2',
        name: 'Batch',
        recent: null,
        instance: { ...webPointFixture().instance!, instanceState: 'failed' },
      }),
    ]);
    renderWithProviders(page, { locale: 'en', path: '/console/web-points' });
    const rows = await screen.findAllByTestId('web-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByTestId('web-state').getAttribute('data-state')).toBe('running');
    expect(first.getByTestId('web-state').textContent).toBe('Running');
    expect(first.getByTestId('web-model').textContent).toBe('v1');
    expect(first.getByTestId('web-requests').textContent).toBe('42');
    expect(rows[0]!.textContent).toContain('http://localhost:8787/api/v1/points/w1/predict');
    expect(within(rows[1]!).getByTestId('web-state').textContent).toBe('Failed');
    expect(within(rows[1]!).getByTestId('web-requests').textContent).toBe('0');
    const list = calls.find((c) => c.path === 'points');
    expect(list).toBeTruthy();
  });

  it('creates a web point on this server with the chosen model and instance type, then opens it', async () => {
    const calls = stub([], {
      'POST projects/p1/points': (call) =>
        json(201, {
          point: webPointFixture({ id: 'w9', name: (call.body as { name: string }).name }),
          enrollment: null,
        }),
    });
    renderWithProviders(page, { locale: 'en', path: '/console/web-points' });
    fireEvent.click(await screen.findByTestId('web-empty-new'));
    const dialog = await screen.findByTestId('web-create');
    // Only the member's project is offered (a worker cannot create points), so it is chosen already.
    const project = within(dialog).getByTestId('web-create-project') as HTMLSelectElement;
    expect([...project.options].map((o) => o.textContent)).toEqual(['Choose a project', 'Parts']);
    expect(project.value).toBe('p1');
    const cloud = within(dialog).getByRole('option', { name: /no cloud account/ }) as HTMLOptionElement;
    expect(cloud.disabled).toBe(true);
    expect(within(dialog).getByTestId('web-create-preparation').textContent).toContain('5 to 60 seconds');
    // Required fields are checked before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('Please enter a value.')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const model = (await within(dialog).findByTestId('web-create-model')) as HTMLSelectElement;
    await waitFor(() => expect(model.options.length).toBe(3));
    fireEvent.change(model, { target: { value: 'm2' } });
    fireEvent.change(within(dialog).getByTestId('web-create-name'), { target: { value: ' Checkout ' } });
    fireEvent.change(within(dialog).getByTestId('web-create-instance'), { target: { value: 'local-4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByTestId('at-point');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'web',
      name: 'Checkout',
      description: '',
      modelId: 'm2',
      serverType: 'local',
      cloudType: 'none',
      cloudRegion: 'local',
      instanceType: 'local-4',
    });
  });

  it('shows the server refusal translated and keeps what was typed', async () => {
    stub([], { 'POST projects/p1/points': () => apiError(400, 'cloud_unavailable') });
    renderWithProviders(page, { locale: 'ko', path: '/console/web-points' });
    fireEvent.click(await screen.findByTestId('web-empty-new'));
    const dialog = await screen.findByTestId('web-create');
    const model = (await within(dialog).findByTestId('web-create-model')) as HTMLSelectElement;
    await waitFor(() => expect(model.options.length).toBe(3));
    fireEvent.change(model, { target: { value: 'm1' } });
    fireEvent.change(within(dialog).getByTestId('web-create-name'), { target: { value: 'Kiosk' } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    const error = await within(dialog).findByTestId('web-create-error');
    expect(error.textContent).not.toBe('');
    expect(error.textContent).not.toContain('cloud_unavailable');
    expect((within(dialog).getByTestId('web-create-name') as HTMLInputElement).value).toBe('Kiosk');
  });
});
