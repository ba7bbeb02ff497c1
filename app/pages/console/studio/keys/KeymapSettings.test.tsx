import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Keymap } from '../../../../../contract/studioKeymap';
import { queryClient } from '../../../../api/queryClient';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../../test/stubFetch';
import { KeymapSettings } from './KeymapSettings';
import { useKeymap } from './useKeymap';
import { useStudioKeys } from './useStudioKeys';

signedInConsoleTests();

function serve(initial: Keymap['bindings'] = {}, put: (call: StubCall) => Response = (call) => json(200, call.body)) {
  return stubFetch({ 'GET auth/user/keymap': () => json(200, { bindings: initial }), 'PUT auth/user/keymap': put });
}

const withQueries = (ui: ReactNode) => <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>;

function renderSettings(children?: ReactNode) {
  return renderWithProviders(
    withQueries(
      <>
        {children}
        <KeymapSettings platform="other" />
      </>,
    ),
    { locale: 'en' },
  );
}

const row = (action: string) => document.querySelector<HTMLElement>(`[data-action="${action}"]`)!;
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const puts = (calls: StubCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

function key(code: string, init: KeyboardEventInit = {}, type: 'keydown' | 'keyup' = 'keydown') {
  const event = new KeyboardEvent(type, { code, key: code, bubbles: true, cancelable: true, ...init });
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(event);
  });
  return event;
}

async function startRecording(action: string) {
  const add = within(row(action)).getByRole('button', { name: 'Add key' });
  fireEvent.click(add);
  act(() => add.focus());
  await within(row(action)).findByRole('button', { name: /Press keys/ });
}

describe('KeymapSettings', () => {
  it('records a pressed key by its physical code, even with the Korean IME on, and saves it', async () => {
    const calls = serve();
    renderSettings();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET')).toBe(true));
    await startRecording('box');
    key('KeyR', { key: 'ㄱ', shiftKey: true });
    expect(row('box').querySelector('[data-binding="shift+KeyR"]')?.textContent).toBe('Shift+R');
    expect(within(row('box')).getByRole('button', { name: 'Add key' })).toBeTruthy();
    fireEvent.click(saveButton());
    await screen.findByText('Shortcut keys saved.');
    expect(puts(calls)).toEqual([{ bindings: { box: ['KeyB', 'shift+KeyR'] } }]);
  });

  it('Esc cancels recording without closing anything around it; Tab and Ctrl+S are recorded', async () => {
    serve();
    renderSettings();
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    await startRecording('box');
    const esc = key('Escape');
    expect(esc.defaultPrevented).toBe(true);
    expect(outside).not.toHaveBeenCalled();
    expect(within(row('box')).getByRole('button', { name: 'Add key' })).toBeTruthy();
    expect(row('box').querySelectorAll('[data-binding]')).toHaveLength(1);

    await startRecording('cycleNext');
    key('Tab');
    expect(row('cycleNext').querySelectorAll('[data-binding="Tab"]')).toHaveLength(1);
    await startRecording('cycleNext');
    key('ControlLeft', { ctrlKey: true });
    expect(within(row('cycleNext')).getByRole('button', { name: /Press keys/ })).toBeTruthy();
    key('KeyS', { ctrlKey: true });
    expect(row('cycleNext').querySelector('[data-binding="mod+KeyS"]')).toBeTruthy();
    expect(outside).not.toHaveBeenCalled();
    document.removeEventListener('keydown', outside);
  });

  it('shows a conflict on both actions and blocks saving until it is resolved', async () => {
    const calls = serve();
    renderSettings();
    await startRecording('box');
    key('KeyV', { key: 'ㅍ' });
    expect(within(row('box')).getByTestId('keymap-conflict').textContent).toContain('Select tool');
    expect(within(row('select')).getByTestId('keymap-conflict').textContent).toContain('Box tool');
    expect(screen.getByText('Resolve the keys bound to two actions before saving.')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);

    fireEvent.click(within(row('select')).getByRole('button', { name: 'Remove V' }));
    expect(screen.queryAllByTestId('keymap-conflict')).toHaveLength(0);
    expect(saveButton()).toHaveProperty('disabled', false);
    fireEvent.click(saveButton());
    await screen.findByText('Shortcut keys saved.');
    expect(puts(calls)).toEqual([{ bindings: { select: [], box: ['KeyB', 'KeyV'] } }]);
  });

  it('resets one action or all of them to the defaults, then saves', async () => {
    const calls = serve({ box: ['KeyR'], select: ['KeyS'] });
    renderSettings();
    await waitFor(() => expect(row('box').querySelector('[data-binding="KeyR"]')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Reset Box tool to its default keys' }));
    expect(row('box').querySelector('[data-binding="KeyB"]')).toBeTruthy();
    fireEvent.click(saveButton());
    await screen.findByText('Shortcut keys saved.');
    expect(puts(calls)).toEqual([{ bindings: { select: ['KeyS'] } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset all' }));
    expect(row('select').querySelector('[data-binding="KeyV"]')).toBeTruthy();
    expect(screen.queryByText('Shortcut keys saved.')).toBeNull();
    fireEvent.click(saveButton());
    await screen.findByText('Shortcut keys saved.');
    expect(puts(calls)[1]).toEqual({ bindings: {} });
  });

  it('says so when saving fails and keeps the edit', async () => {
    serve({}, () => apiError(500, 'internal'));
    renderSettings();
    await startRecording('fit');
    key('KeyG');
    fireEvent.click(saveButton());
    await screen.findByText('The shortcut keys could not be saved. Try again.');
    expect(row('fit').querySelector('[data-binding="KeyG"]')).toBeTruthy();
  });

  it('the studio does not act on the keys pressed while recording', async () => {
    serve();
    const box = vi.fn();
    function Studio() {
      useStudioKeys({ box }, { platform: 'other' });
      return null;
    }
    renderSettings(<Studio />);
    await startRecording('nextImage');
    key('KeyB', { key: 'Process' });
    expect(box).not.toHaveBeenCalled();
    expect(row('nextImage').querySelector('[data-binding="KeyB"]')).toBeTruthy();
  });
});

describe('useKeymap', () => {
  it('lays the overrides over the defaults, and reset(action) sends the others back', async () => {
    const calls = serve({ box: ['KeyR'], fit: [] });
    const { result } = renderHook(() => useKeymap(), { wrapper: ({ children }) => withQueries(children) });
    await waitFor(() => expect(result.current.keymap.box).toEqual(['KeyR']));
    expect(result.current.keymap.fit).toEqual([]);
    expect(result.current.isLoading).toBe(false);
    await act(() => result.current.reset('box'));
    expect(puts(calls)).toEqual([{ bindings: { fit: [] } }]);
    await waitFor(() => expect(result.current.keymap.box).toEqual(['KeyB']));
    await act(() => result.current.reset());
    expect(puts(calls)[1]).toEqual({ bindings: {} });
    await waitFor(() => expect(result.current.keymap.fit).toEqual(['Digit0', 'Numpad0']));
  });

  it('falls back to the defaults when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useKeymap(), { wrapper: ({ children }) => withQueries(children) });
    await waitFor(() => expect(result.current.loadFailed).toBe(true));
    expect(result.current.keymap.box).toEqual(['KeyB']);
    expect(result.current.isLoading).toBe(false);
  });
});
