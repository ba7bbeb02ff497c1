import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../../contract/routes';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../../test/stubFetch';
import { ConsoleScope } from '../../ConsoleScope';
import { me, projectFixture } from '../../projects/projectsTestData';
import { metricsFixture } from '../deployTestData';
import { usageSnippets } from './UsageSnippets';
import { webPointFixture } from './webTestData';
import WebPointPage from './WebPointPage';

signedInConsoleTests();

const page = (
  <ConsoleScope>
    <Route path={paths.consoleWebPoint}>
      <WebPointPage />
    </Route>
    <Route path={paths.consoleWebPoints}>
      <div data-testid="at-list" />
    </Route>
  </ConsoleScope>
);
const path = '/console/web-points/p1/w1';
const URL_ = 'http://localhost:8787/api/v1/points/w1/predict';
const key = {
  id: 'k1',
  name: 'Kiosk',
  prefix: 'mpk_ab12',
  ratePerMinute: 120,
  createdAt: '2026-11-27T05:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

function stub(role: 'admin' | 'member', over: Record<string, (call: StubCall) => Response> = {}) {
  return stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture({ role })),
    'GET projects/p1/points/w1': () => json(200, webPointFixture()),
    'GET projects/p1/points/w1/metrics': () => json(200, metricsFixture()),
    'GET projects/p1/points/w1/keys': () => json(200, { items: [] }),
    ...over,
  });
}

describe('WebPointPage', () => {
  it('shows every field of the point, its URL with call examples and live metrics', async () => {
    stub('member');
    renderWithProviders(page, { locale: 'en', path });
    const details = await screen.findByTestId('web-details');
    for (const text of ['w1', 'Checkout API', 'Web', 'This server', 'None', 'local', 'local-2', 'local-w1', 'Running'])
      expect(details.textContent).toContain(text);
    expect(screen.getByTestId('web-url').textContent).toBe(URL_);
    expect(screen.getByTestId('web-curl').textContent).toContain(`curl -X POST '${URL_}'`);
    expect(screen.getByTestId('web-curl').textContent).toContain('<API_KEY>');
    expect(screen.getByTestId('web-curl').textContent).toContain("-F 'image=@image.jpg'");
    expect(screen.getByTestId('web-fetch').textContent).toContain(`fetch('${URL_}'`);
    expect((await screen.findByTestId('metrics-total-requests')).textContent).toBe('100');
    expect(screen.getByTestId('web-change-model').getAttribute('href')).toBe(
      '/console/deployments/new?project=p1&point=w1',
    );
    // Members rename, stop and test; deleting is for admins.
    expect(screen.getByTestId('web-stop')).toBeTruthy();
    fireEvent.click(screen.getByTestId('web-edit-open'));
    expect(((await screen.findByTestId('point-edit-name')) as HTMLInputElement).value).toBe('Checkout API');
    expect(screen.queryByTestId('web-delete')).toBeNull();
  });

  it('creates a key shown once, uses it in the examples and the test panel, and draws the predicted boxes', async () => {
    const secret = 'mpk_ab12_secretsecret';
    let keys: unknown[] = [];
    const calls = stub('member', {
      'GET projects/p1/points/w1/keys': () => json(200, { items: keys }),
      'POST projects/p1/points/w1/keys': () => {
        keys = [key];
        return json(201, { key, secret });
      },
      'POST v1/points/w1/predict': () =>
        json(200, {
          predictions: [
            { label: 'red', score: 0.93, box: { x: 10, y: 20, width: 30, height: 40 } },
            { label: 'blue', score: 0.41, box: { x: 50, y: 5, width: 10, height: 10 } },
          ],
          model: { id: 'm1', tag: 'v1' },
          version: 'abc',
          timeMs: 12.5,
        }),
    });
    renderWithProviders(page, { locale: 'en', path });
    fireEvent.click(await screen.findByTestId('web-key-new'));
    const form = await screen.findByTestId('web-key-create');
    fireEvent.change(within(form).getByTestId('web-key-rate'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a value.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 60000.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('web-key-name'), { target: { value: 'Kiosk' } });
    fireEvent.change(within(form).getByTestId('web-key-rate'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('web-key-secret')).textContent).toBe(secret);
    expect(screen.getByTestId('web-key-warning').textContent).toContain('shown only once');
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/keys'))!.body).toEqual({
      name: 'Kiosk',
      ratePerMinute: 120,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    const row = await screen.findByTestId('web-key-row');
    expect(row.textContent).toContain('mpk_ab12');
    expect(row.textContent).toContain('120 / min');
    expect(row.textContent).toContain('Never');
    expect(screen.getByTestId('web-curl').textContent).toContain(`Bearer ${secret}`);
    expect((screen.getByTestId('web-test-key') as HTMLInputElement).value).toBe(secret);

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'red.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('web-test-file'), { target: { files: [file] } });
    const image = (await screen.findByTestId('web-test-image')) as HTMLImageElement;
    Object.defineProperty(image, 'naturalWidth', { value: 100 });
    Object.defineProperty(image, 'naturalHeight', { value: 80 });
    fireEvent.load(image);
    fireEvent.click(screen.getByTestId('web-test-run'));
    const boxes = await screen.findAllByTestId('web-test-box');
    expect(boxes).toHaveLength(2);
    const rect = boxes[0]!.querySelector('rect')!;
    expect([rect.getAttribute('x'), rect.getAttribute('y'), rect.getAttribute('width')]).toEqual(['10', '20', '30']);
    expect(boxes[0]!.textContent).toBe('red 93%');
    expect(screen.getByTestId('web-test-overlay').getAttribute('viewBox')).toBe('0 0 100 80');
    expect(screen.getAllByTestId('web-test-prediction').map((p) => p.textContent)).toEqual(['red93.0%', 'blue41.0%']);
    expect(screen.getByTestId('web-test-time').textContent).toBe('Server time 12.5 ms');
    // The point key is the bearer, never the user's session token.
    const predict = calls.find((c) => c.path === 'v1/points/w1/predict')!;
    expect(predict.headers.Authorization).toBe(`Bearer ${secret}`);
    expect((predict.body as FormData).get('image')).toBeTruthy();
  });

  it('shows a refused test call translated', async () => {
    stub('member', { 'POST v1/points/w1/predict': () => apiError(401, 'point_key_invalid') });
    renderWithProviders(page, { locale: 'ko', path });
    fireEvent.change(await screen.findByTestId('web-test-key'), { target: { value: 'mpk_wrong' } });
    const file = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('web-test-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('web-test-run'));
    const error = await screen.findByTestId('web-test-error');
    expect(error.getAttribute('data-code')).toBe('point_key_invalid');
    expect(error.textContent).not.toContain('point_key_invalid');
    expect(error.textContent).not.toBe('');
  });

  it('polls a preparing point until it runs; admins stop, start and delete', async () => {
    let state: 'preparing' | 'running' | 'stopped' = 'preparing';
    const point = () => webPointFixture({ instance: { ...webPointFixture().instance!, instanceState: state } });
    const calls = stub('admin', {
      'GET projects/p1/points/w1': () => json(200, point()),
      'PATCH projects/p1/points/w1': (call) => {
        state = (call.body as { state: 'running' | 'stopped' }).state;
        return json(200, point());
      },
      'DELETE projects/p1/points/w1': () => json(204),
    });
    renderWithProviders(page, { locale: 'en', path });
    expect(await screen.findByTestId('web-preparing')).toBeTruthy();
    state = 'running';
    await waitFor(() => expect(screen.queryByTestId('web-preparing')).toBeNull(), { timeout: 4000 });
    fireEvent.click(screen.getByTestId('web-stop'));
    fireEvent.click(await screen.findByTestId('web-start'));
    await screen.findByTestId('web-stop');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { state: 'stopped' },
      { state: 'running' },
    ]);
    fireEvent.click(screen.getByTestId('web-delete'));
    expect((await screen.findByTestId('web-confirm')).textContent).toContain('Checkout API');
    // The dialog's own button: until the dialog has hidden the page from the accessibility tree,
    // the page's Delete button has the same name.
    const dialog = (await screen.findByTestId('web-confirm')).closest('[role="dialog"]');
    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: 'Delete' }));
    await screen.findByTestId('at-list');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('revokes a key after confirmation and lists only the keys still valid', async () => {
    let keys: unknown[] = [key, { ...key, id: 'k2', name: 'Old', revokedAt: '2026-11-27T05:30:00.000Z' }];
    const calls = stub('member', {
      'GET projects/p1/points/w1/keys': () => json(200, { items: keys }),
      'DELETE projects/p1/points/w1/keys/k1': () => {
        keys = [];
        return json(204);
      },
    });
    renderWithProviders(page, { locale: 'en', path });
    const rows = await screen.findAllByTestId('web-key-row');
    expect(rows).toHaveLength(1);
    fireEvent.click(within(rows[0]!).getByTestId('web-key-revoke'));
    expect((await screen.findByTestId('web-key-revoke-confirm')).textContent).toContain('Kiosk');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('web-keys-empty')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['projects/p1/points/w1/keys/k1']);
  });

  it('refuses an image over the size limit before sending it', async () => {
    const calls = stub('member');
    renderWithProviders(page, { locale: 'en', path });
    fireEvent.change(await screen.findByTestId('web-test-key'), { target: { value: 'mpk_x' } });
    const big = new File([new Uint8Array(1)], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId('web-test-file'), { target: { files: [big] } });
    expect(screen.getByTestId('web-test-run').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('web-test-image')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('v1/'))).toBe(false);
  });

  it('writes examples with the key placeholder until a key is created', () => {
    expect(usageSnippets('http://x/p', null).fetch).toContain("Bearer <API_KEY>'");
    expect(usageSnippets('http://x/p', 'k').curl).toContain("Bearer k'");
  });
});
