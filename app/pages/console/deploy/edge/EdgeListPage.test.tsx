import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../../test/stubFetch';
import { edgePointFixture, pointListAnswers } from '../deployTestData';
import { ConsoleScope } from '../../ConsoleScope';
import EdgeListPage from './EdgeListPage';

const page = (
  <ConsoleScope>
    <EdgeListPage />
  </ConsoleScope>
);

signedInConsoleTests();

const enrollment = {
  token: 'met_tok123',
  expiresAt: '2026-11-27T07:00:00.000Z',
  command: 'npm run edge-agent -- --server http://localhost:8826 --token met_tok123',
  bundleCommand: 'node maru-edge-agent.mjs --server http://localhost:8826 --token met_tok123',
};

function stub(points: unknown[], over: Record<string, (call: StubCall) => Response> = {}) {
  return stubFetch({
    ...pointListAnswers(points),
    ...over,
  });
}

describe('EdgeListPage', () => {
  it('lists the edge points of the organization with connection, model, version, deployment and traffic', async () => {
    const calls = stub([
      edgePointFixture(),
      edgePointFixture({
        id: 'e2',
        name: 'Dock',
        connection: 'not_connected',
        model: null,
        version: null,
        deployment: null,
        recent: null,
      }),
    ]);
    renderWithProviders(page, { locale: 'en', path: '/console/edge' });
    const rows = await screen.findAllByTestId('edge-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByTestId('connection').getAttribute('data-state')).toBe('connected');
    expect(first.getByTestId('connection').textContent).toBe('Connected');
    expect(first.getByTestId('edge-model').textContent).toBe('v1');
    expect(first.getByText('abcdef012345')).toBeTruthy();
    expect(first.getByTestId('deployment-state').textContent).toBe('Succeeded');
    expect(first.getByTestId('edge-requests').textContent).toBe('42');
    expect(first.getByText('just now')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('connection').textContent).toBe('Not connected');
    const list = calls.find((c) => c.path === 'points');
    expect(list).toBeTruthy();
  });

  it('explains edge points when there is none', async () => {
    stub([]);
    renderWithProviders(page, { locale: 'ko', path: '/console/edge' });
    expect(await screen.findByTestId('edge-empty')).toBeTruthy();
    expect(screen.getByText('아직 엣지 포인트가 없습니다.')).toBeTruthy();
  });

  it('creates an edge point in a project the user manages and shows the one-time command', async () => {
    const calls = stub([], {
      'POST projects/p1/points': () =>
        json(201, {
          point: edgePointFixture({ id: 'e9', name: 'Gate', connection: 'unenrolled', device: null }),
          enrollment,
        }),
    });
    renderWithProviders(page, { locale: 'en', path: '/console/edge' });
    await screen.findByTestId('edge-empty');
    await waitFor(() => expect((screen.getByTestId('edge-new') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('edge-new'));
    const dialog = await screen.findByTestId('edge-create');
    const options = within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // Workers do not manage points: their project is not offered.
    expect(options).toEqual(['Choose a project', 'Parts']);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    // The only project is chosen already; the name is missing.
    expect(await screen.findByText('Please enter a value.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('edge-create-name'), { target: { value: '  Gate ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('enrollment-command')).textContent).toBe(enrollment.command);
    expect(screen.getByTestId('enrollment-bundle').textContent).toBe(enrollment.bundleCommand);
    expect(screen.getByTestId('enrollment-token').textContent).toBe('met_tok123');
    expect(screen.getByText(/Shown only this once/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ kind: 'edge', name: 'Gate', description: '' });
  });

  it('keeps the form and shows the server error when creation fails', async () => {
    stub([], { 'POST projects/p1/points': () => apiError(403, 'forbidden') });
    renderWithProviders(page, { locale: 'ko', path: '/console/edge' });
    await screen.findByTestId('edge-empty');
    await waitFor(() => expect((screen.getByTestId('edge-new') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('edge-new'));
    const dialog = await screen.findByTestId('edge-create');
    fireEvent.change(within(dialog).getByTestId('edge-create-name'), { target: { value: 'Gate' } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    expect(await screen.findByTestId('edge-create-error')).toBeTruthy();
    expect((within(dialog).getByTestId('edge-create-name') as HTMLInputElement).value).toBe('Gate');
  });
});
