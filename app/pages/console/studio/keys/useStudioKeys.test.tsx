import { Slider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { Keymap, StudioAction } from '../../../../../contract/studioKeymap';
import { queryClient } from '../../../../api/queryClient';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { json, stubFetch } from '../../../../test/stubFetch';
import { useStudioKeys, type StudioKeyHandlers, type StudioKeysOptions } from './useStudioKeys';

signedInConsoleTests();

function Harness({
  handlers,
  options,
  children,
}: {
  handlers: StudioKeyHandlers;
  options?: StudioKeysOptions;
  children?: ReactNode;
}) {
  useStudioKeys(handlers, { platform: 'other', ...options });
  return <>{children}</>;
}

function setup(
  names: StudioAction[],
  {
    overrides,
    options,
    children,
  }: { overrides?: Keymap['bindings']; options?: StudioKeysOptions; children?: ReactNode } = {},
) {
  const calls = stubFetch({ 'GET auth/user/keymap': () => json(200, { bindings: overrides ?? {} }) });
  const handlers = Object.fromEntries(names.map((name) => [name, vi.fn<(e: KeyboardEvent) => void>()])) as Record<
    StudioAction,
    Mock<(e: KeyboardEvent) => void>
  >;
  const view = renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <Harness handlers={handlers} options={options}>
        {children}
      </Harness>
    </QueryClientProvider>,
  );
  return { handlers, calls, view };
}

interface Press {
  key?: string;
  shift?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  repeat?: boolean;
  type?: 'keydown' | 'keyup';
}

/** Dispatches a key event at `target`; true when its default was prevented. */
function press(
  target: EventTarget,
  code: string,
  { key = code, shift, ctrl, meta, repeat, type = 'keydown' }: Press = {},
) {
  const event = new KeyboardEvent(type, {
    code,
    key,
    shiftKey: !!shift,
    ctrlKey: !!ctrl,
    metaKey: !!meta,
    repeat: !!repeat,
    bubbles: true,
    cancelable: true,
  });
  act(() => {
    target.dispatchEvent(event);
  });
  return event.defaultPrevented;
}

const loaded = (calls: { path: string }[]) =>
  waitFor(() => expect(calls.some((c) => c.path === 'auth/user/keymap')).toBe(true));

describe('useStudioKeys', () => {
  it('acts on the physical key while the Korean IME composes (key "Process") or gives a Hangul letter', () => {
    const { handlers } = setup(['box', 'nextImage', 'label1']);
    expect(press(document.body, 'KeyB', { key: 'Process' })).toBe(true);
    expect(handlers.box).toHaveBeenCalledTimes(1);
    press(document.body, 'KeyD', { key: 'ㅇ' });
    expect(handlers.nextImage).toHaveBeenCalledTimes(1);
    press(document.body, 'Digit1', { key: 'Process' });
    expect(handlers.label1).toHaveBeenCalledTimes(1);
  });

  it('does nothing while typing in a text field', () => {
    const { handlers } = setup(['box', 'delete', 'nudgeRight'], {
      children: (
        <>
          <input aria-label="name" />
          <input type="number" aria-label="count" />
          <textarea aria-label="note" />
          <select aria-label="pick">
            <option>a</option>
          </select>
          <div contentEditable aria-label="rich" />
        </>
      ),
    });
    for (const field of document.querySelectorAll('input, textarea, select, [contenteditable]')) {
      expect(press(field, 'KeyB', { key: 'ㅠ' })).toBe(false);
      expect(press(field, 'Backspace')).toBe(false);
      expect(press(field, 'ArrowRight')).toBe(false);
    }
    expect(handlers.box).not.toHaveBeenCalled();
    expect(handlers.delete).not.toHaveBeenCalled();
    expect(handlers.nudgeRight).not.toHaveBeenCalled();
  });

  it('still nudges with the arrows after a range input was used, and the slider does not step too', () => {
    const { handlers } = setup(['nudgeRight', 'nudgeLeft', 'label2'], {
      children: <input type="range" aria-label="brightness" min={0} max={10} defaultValue={5} />,
    });
    const slider = document.querySelector<HTMLInputElement>('input[type="range"]')!;
    act(() => {
      slider.focus();
      slider.value = '7';
      slider.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(document.activeElement).toBe(slider);
    expect(press(slider, 'ArrowRight')).toBe(true);
    press(slider, 'ArrowLeft', { shift: true });
    press(slider, 'Digit2');
    expect(handlers.nudgeRight).toHaveBeenCalledTimes(1);
    expect(handlers.nudgeLeft).toHaveBeenCalledTimes(1);
    expect(handlers.nudgeLeft.mock.calls[0]![0].shiftKey).toBe(true);
    expect(handlers.label2).toHaveBeenCalledTimes(1);
  });

  it('still nudges after a Chakra slider thumb took focus, and the slider does not move', () => {
    const onValueChange = vi.fn();
    const { handlers } = setup(['nudgeRight'], {
      children: (
        <Slider.Root defaultValue={[50]} onValueChange={onValueChange} aria-label={['contrast']}>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
          </Slider.Control>
        </Slider.Root>
      ),
    });
    const thumb = document.querySelector<HTMLElement>('[role="slider"]')!;
    act(() => thumb.focus());
    fireEvent.focusIn(thumb);
    expect(document.activeElement).toBe(thumb);
    press(thumb, 'ArrowRight');
    expect(handlers.nudgeRight).toHaveBeenCalledTimes(1);
    expect(onValueChange).not.toHaveBeenCalled();
    expect(thumb.getAttribute('aria-valuenow')).toBe('50');
  });

  it('controls keep keys the studio does not handle (with no nudgeRight handler, ArrowRight steps the slider)', async () => {
    const onValueChange = vi.fn();
    setup(['nudgeLeft'], {
      children: (
        <Slider.Root defaultValue={[50]} onValueChange={onValueChange} aria-label={['contrast']}>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
          </Slider.Control>
        </Slider.Root>
      ),
    });
    const thumb = document.querySelector<HTMLElement>('[role="slider"]')!;
    act(() => thumb.focus());
    fireEvent.focusIn(thumb);
    expect(press(thumb, 'ArrowRight')).toBe(true);
    await waitFor(() => expect(thumb.getAttribute('aria-valuenow')).toBe('51'));
    expect(onValueChange).toHaveBeenCalled();
  });

  it('tells mod+KeyZ (undo) from mod+shift+KeyZ (redo), with ⌘ on macOS', () => {
    const { handlers } = setup(['undo', 'redo', 'zoomToSelection']);
    press(document.body, 'KeyZ', { ctrl: true });
    expect(handlers.undo).toHaveBeenCalledTimes(1);
    expect(handlers.redo).not.toHaveBeenCalled();
    press(document.body, 'KeyZ', { ctrl: true, shift: true });
    expect(handlers.redo).toHaveBeenCalledTimes(1);
    expect(handlers.undo).toHaveBeenCalledTimes(1);
    expect(handlers.zoomToSelection).not.toHaveBeenCalled();

    const mac = setup(['undo'], { options: { platform: 'mac' } });
    press(document.body, 'KeyZ', { meta: true });
    expect(mac.handlers.undo).toHaveBeenCalledTimes(1);
  });

  it('prevents the default only for handled keys', () => {
    setup(['save', 'cycleNext']);
    expect(press(document.body, 'KeyS', { ctrl: true })).toBe(true);
    expect(press(document.body, 'Tab')).toBe(true);
    // Shift+Tab has no handler here: focus may move as usual.
    expect(press(document.body, 'Tab', { shift: true })).toBe(false);
    expect(press(document.body, 'KeyK')).toBe(false);
    expect(press(document.body, 'KeyB')).toBe(false);
  });

  it('repeats nudges on a held key but not tool switches', () => {
    const { handlers } = setup(['nudgeUp', 'box']);
    press(document.body, 'ArrowUp');
    press(document.body, 'ArrowUp', { repeat: true });
    press(document.body, 'ArrowUp', { repeat: true });
    expect(handlers.nudgeUp).toHaveBeenCalledTimes(3);
    press(document.body, 'KeyB');
    expect(press(document.body, 'KeyB', { repeat: true })).toBe(true);
    expect(handlers.box).toHaveBeenCalledTimes(1);
  });

  it('reports the pan-hold key down once and up on release or when the window loses focus', () => {
    const onPanHold = vi.fn();
    setup([], { options: { onPanHold } });
    expect(press(document.body, 'Space', { key: ' ' })).toBe(true);
    press(document.body, 'Space', { key: ' ', repeat: true });
    expect(onPanHold.mock.calls).toEqual([[true]]);
    expect(press(document.body, 'Space', { key: ' ', type: 'keyup' })).toBe(true);
    expect(onPanHold.mock.calls).toEqual([[true], [false]]);
    press(document.body, 'Space');
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    expect(onPanHold.mock.calls).toEqual([[true], [false], [true], [false]]);
  });

  it('hears nothing while disabled or inside a modal dialog', () => {
    const disabled = setup(['box'], { options: { enabled: false } });
    press(document.body, 'KeyB');
    expect(disabled.handlers.box).not.toHaveBeenCalled();
    disabled.view.unmount();

    const { handlers } = setup(['box'], {
      children: (
        <div role="dialog" aria-modal="true">
          <button type="button">close</button>
        </div>
      ),
    });
    press(document.querySelector('button')!, 'KeyB');
    expect(handlers.box).not.toHaveBeenCalled();
    press(document.body, 'KeyB');
    expect(handlers.box).toHaveBeenCalledTimes(1);
  });

  it('leaves arrows, Enter and Esc to an open menu', () => {
    const { handlers } = setup(['nudgeDown', 'confirm', 'cancel'], {
      children: (
        <div role="menu">
          <div role="menuitem" tabIndex={-1}>
            zoom to 100%
          </div>
        </div>
      ),
    });
    const item = document.querySelector<HTMLElement>('[role="menuitem"]')!;
    act(() => item.focus());
    expect(press(item, 'ArrowDown')).toBe(false);
    expect(press(item, 'Enter')).toBe(false);
    expect(press(item, 'Escape')).toBe(false);
    expect(handlers.nudgeDown).not.toHaveBeenCalled();
    expect(handlers.confirm).not.toHaveBeenCalled();
    expect(handlers.cancel).not.toHaveBeenCalled();
  });

  it('leaves Enter and Space to a button that has keyboard focus, but not the other keys', () => {
    const onPanHold = vi.fn();
    const { handlers } = setup(['confirm', 'nudgeRight'], {
      options: { onPanHold },
      children: <button type="button">fit</button>,
    });
    const button = document.querySelector('button')!;
    act(() => button.focus());
    expect(press(button, 'Enter')).toBe(false);
    press(button, 'Space', { key: ' ' });
    expect(handlers.confirm).not.toHaveBeenCalled();
    expect(onPanHold).not.toHaveBeenCalled();
    press(button, 'ArrowRight');
    expect(handlers.nudgeRight).toHaveBeenCalledTimes(1);
  });

  it("follows the user's key map: a remapped action answers to its new key only", async () => {
    const { handlers, calls } = setup(['box', 'select'], { overrides: { box: ['KeyR'], select: [] } });
    await loaded(calls);
    await waitFor(() => {
      press(document.body, 'KeyR');
      expect(handlers.box).toHaveBeenCalled();
    });
    handlers.box.mockClear();
    press(document.body, 'KeyB');
    press(document.body, 'KeyV');
    expect(handlers.box).not.toHaveBeenCalled();
    expect(handlers.select).not.toHaveBeenCalled();
  });

  it('works with the default keys when the key map cannot be loaded (offline)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const handlers = { box: vi.fn() };
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <Harness handlers={handlers} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'user', 'keymap'])?.status).toBe('error'));
    press(document.body, 'KeyB', { key: 'Process' });
    expect(handlers.box).toHaveBeenCalledTimes(1);
  });
});
