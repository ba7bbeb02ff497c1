import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../../contract/routes';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../../test/stubFetch';
import { ConsoleScope } from '../../ConsoleScope';
import { me, projectFixture } from '../../projects/projectsTestData';
import { deploymentFixture, edgePointFixture, metricsFixture, targetFixture } from '../deployTestData';
import { formatSkew } from './EdgeDeviceDetails';
import EdgePointPage from './EdgePointPage';

signedInConsoleTests();

const page = (
  <ConsoleScope>
    <Route path={paths.consoleEdgePoint}>
      <EdgePointPage />
    </Route>
    <Route path={paths.consoleEdge}>
      <div data-testid="at-list" />
    </Route>
  </ConsoleScope>
);
const path = '/console/edge/p1/e1';

function stub(role: 'admin' | 'member', over: Record<string, (call: StubCall) => Response> = {}) {
  return stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture({ role })),
    'GET projects/p1/points/e1': () => json(200, edgePointFixture()),
    'GET projects/p1/points/e1/metrics': () => json(200, metricsFixture()),
    'GET projects/p1/deployments': () =>
      json(200, {
        items: [
          deploymentFixture({
            id: 'd2',
            model: { id: 'm2', tag: 'broken', task: 'classification', trainingId: null },
            targets: [targetFixture({ state: 'rolled_back', error: 'health_check_failed', detail: 'NaN output' })],
          }),
          deploymentFixture({ targets: [targetFixture({ state: 'succeeded' })] }),
        ],
      }),
    ...over,
  });
}

describe('EdgePointPage', () => {
  it('shows the device, its self-checks, live metrics and the deployment history with error texts', async () => {
    const calls = stub('member');
    renderWithProviders(page, { locale: 'en', path });
    expect((await screen.findByTestId('fact-edge-id')).textContent).toBe('dev-123');
    expect(screen.getByTestId('fact-status').textContent).toBe('Serving');
    expect(screen.getByTestId('fact-local-url').textContent).toBe('http://127.0.0.1:8501');
    expect(screen.getByTestId('fact-model-id').textContent).toBe('m1');
    expect(screen.getByTestId('check-skew').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('check-server').textContent).toContain('Reachable');
    expect((await screen.findByTestId('metrics-total-requests')).textContent).toBe('100');
    const rows = await screen.findAllByTestId('history-row');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['rolled_back', 'succeeded']);
    expect(within(rows[0]!).getByTestId('deployment-error').textContent).toContain('failed its health check');
    expect(calls.find((c) => c.path === 'projects/p1/deployments')).toBeTruthy();
    // Members deploy and re-enrol; revoking and deleting are for admins.
    expect(screen.getByTestId('point-deploy').getAttribute('href')).toBe(
      '/console/deployments/new?project=p1&point=e1',
    );
    expect(screen.getByTestId('point-enroll')).toBeTruthy();
    expect(screen.queryByTestId('point-delete')).toBeNull();
    expect(screen.queryByTestId('point-revoke')).toBeNull();
  });

  it('runs the connectivity test until the agent answers and shows the round trip', async () => {
    let polls = 0;
    const calls = stub('member', {
      'POST projects/p1/points/e1/pings': () =>
        json(202, {
          id: 'g1',
          state: 'waiting',
          createdAt: '2026-11-27T05:00:00.000Z',
          deliveredAt: null,
          answeredAt: null,
          rttMs: null,
        }),
      'GET projects/p1/points/e1/pings/g1': () => {
        polls += 1;
        return json(
          200,
          polls < 2
            ? {
                id: 'g1',
                state: 'waiting',
                createdAt: '2026-11-27T05:00:00.000Z',
                deliveredAt: null,
                answeredAt: null,
                rttMs: null,
              }
            : {
                id: 'g1',
                state: 'answered',
                createdAt: '2026-11-27T05:00:00.000Z',
                deliveredAt: '2026-11-27T05:00:01.000Z',
                answeredAt: '2026-11-27T05:00:01.084Z',
                rttMs: 84,
              },
        );
      },
    });
    renderWithProviders(page, { locale: 'en', path });
    fireEvent.click(await screen.findByTestId('ping-start'));
    await waitFor(() => expect(screen.getByTestId('ping-result').getAttribute('data-state')).toBe('answered'), {
      timeout: 8000,
    });
    expect(screen.getByTestId('ping-result').textContent).toContain('84 ms');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('lets an admin delete the point after confirming, then goes back to the list', async () => {
    const calls = stub('admin', { 'DELETE projects/p1/points/e1': () => new Response(null, { status: 204 }) });
    const { location } = renderWithProviders(page, { locale: 'en', path });
    fireEvent.click(await screen.findByTestId('point-delete'));
    expect((await screen.findByTestId('point-confirm')).textContent).toContain('Line camera');
    fireEvent.click(screen.getByRole('button', { name: 'Delete point' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console/edge'));
  });

  it('renames the point and keeps the dialog open with the error when the name is too long', async () => {
    const calls = stub('member', {
      'PATCH projects/p1/points/e1': (call) =>
        json(200, edgePointFixture({ name: (call.body as { name: string }).name })),
    });
    renderWithProviders(page, { locale: 'en', path });
    fireEvent.click(await screen.findByTestId('point-edit-open'));
    const name = await screen.findByTestId('point-edit-name');
    fireEvent.change(name, { target: { value: 'x'.repeat(41) } });
    expect((await screen.findByTestId('point-edit-error')).textContent).not.toBe('');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: ' Gate 2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Gate 2', description: 'Station 3' }),
    );
    await waitFor(() => expect(screen.queryByTestId('point-edit')).toBeNull());
  });

  it('says so when the point does not exist', async () => {
    stub('admin', { 'GET projects/p1/points/e1': () => apiError(404, 'not_found') });
    renderWithProviders(page, { locale: 'ko', path });
    expect(await screen.findByTestId('edge-point-missing')).toBeTruthy();
  });

  it('reads a clock skew that rounds to nothing as 0.0 s, never -0.0', () => {
    expect(formatSkew(-20)).toBe('0.0');
    expect(formatSkew(1540)).toBe('1.5');
    expect(formatSkew(-2260)).toBe('-2.3');
  });
});
