import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { AppDialog, DIALOG_MOBILE_QUERY, type AppDialogProps, type DialogResult } from './Dialog';

type Props = Partial<Omit<AppDialogProps, 'open'>>;

/** A page holding the dialog's state the way callers do: `open` set to false in onClose. */
function Host({ onClose, children, ...props }: Props) {
  const [open, setOpen] = useState(true);
  return (
    <AppDialog
      open={open}
      title="프로젝트 삭제"
      onClose={(result) => {
        onClose?.(result);
        setOpen(false);
      }}
      {...props}
    >
      {children ?? <p>삭제하시겠습니까?</p>}
    </AppDialog>
  );
}

const dialog = () => screen.queryByRole('dialog');
const gone = () => waitFor(() => expect(dialog()).toBeNull());

describe('AppDialog', () => {
  it('shows title, content, close and cancel buttons; confirm only with onConfirm', () => {
    renderWithProviders(<Host />);
    expect(screen.getByRole('dialog', { name: '프로젝트 삭제' })).toBeTruthy();
    expect(screen.getByText('삭제하시겠습니까?')).toBeTruthy();
    expect(screen.getByRole('button', { name: '닫기' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '취소' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '확인' })).toBeNull();
  });

  it('uses the English texts and custom button texts', () => {
    renderWithProviders(<Host onConfirm={() => {}} />, { locale: 'en' });
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it.each([
    ['the close button', () => userEvent.click(screen.getByRole('button', { name: '닫기' }))],
    ['the cancel button', () => userEvent.click(screen.getByRole('button', { name: '취소' }))],
    ['Escape', () => userEvent.keyboard('{Escape}')],
  ])('answers false when closed with %s', async (_how, close) => {
    const onClose = vi.fn<(result: DialogResult) => void>();
    const onConfirm = vi.fn();
    renderWithProviders(<Host onClose={onClose} onConfirm={onConfirm} />);
    await close();
    await gone();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith({ answer: false });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('answers false when the backdrop is clicked', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Host onClose={onClose} />);
    const positioner = document.querySelector<HTMLElement>('[data-part="positioner"]')!;
    // The page behind a modal has pointer-events: none; the click lands on the positioner, away
    // from the content (happy-dom lays nothing out: every box is at 0,0 with no size).
    // The outside-click listener is added a tick or a frame after opening (later on a busy
    // machine): click until it is there.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await waitFor(async () => {
      await user.pointer({ keys: '[MouseLeft]', target: positioner, coords: { clientX: 5, clientY: 5 } });
      expect(onClose).toHaveBeenCalledWith({ answer: false });
    });
    await gone();
  });

  it('confirms and closes', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(<Host onClose={onClose} onConfirm={onConfirm} confirmText="삭제" />);
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith({ answer: true });
    await gone();
  });

  it('stays open after a confirm when autoClose is off', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(<Host onClose={onClose} onConfirm={onConfirm} autoClose={false} />);
    await userEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });

  it('does not confirm on Enter by default', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <Host onConfirm={onConfirm}>
        <input aria-label="이름" />
      </Host>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: '이름' }));
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });

  it('confirms on Enter when enterConfirm is set', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(
      <Host onClose={onClose} onConfirm={onConfirm} enterConfirm>
        <input aria-label="이름" />
      </Host>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: '이름' }));
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith({ answer: true });
    await gone();
  });

  it('leaves Enter alone in a text area, on a button and while confirm is disabled', async () => {
    const onConfirm = vi.fn();
    const { rerender } = renderWithProviders(
      <Host onConfirm={onConfirm} enterConfirm>
        <textarea aria-label="설명" />
      </Host>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: '설명' }));
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();

    screen.getByRole('button', { name: '닫기' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await gone();

    // Enter on the close button pressed that button: the dialog closed. Open a fresh one.
    rerender(
      <Host key="again" onConfirm={onConfirm} enterConfirm confirmDisabled>
        <input aria-label="이름" />
      </Host>,
    );
    expect((screen.getByRole('button', { name: '확인' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('textbox', { name: '이름' }));
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sizes the content from the props, with the spec defaults', () => {
    const { unmount } = renderWithProviders(<Host />);
    let style = getComputedStyle(screen.getByRole('dialog'));
    expect([style.width, style.minHeight]).toEqual(['500px', '120px']);
    expect(style.maxWidth).toContain('1080px');
    expect(style.maxHeight).toContain('900px');
    unmount();
    renderWithProviders(<Host width={720} height={300} maxWidth={800} maxHeight={600} />);
    style = getComputedStyle(screen.getByRole('dialog'));
    expect([style.width, style.minHeight]).toEqual(['720px', '300px']);
    expect(style.maxWidth).toContain('800px');
    expect(style.maxHeight).toContain('600px');
  });

  it('goes full screen at 768 px and below only when mobileFull is set', () => {
    expect(DIALOG_MOBILE_QUERY).toBe('@media (max-width: 768px)');
    // Emotion writes the rules into <style> tags; find a full-screen rule under the media query
    // for one of the content's generated classes.
    const fullScreenUnderQuery = (el: HTMLElement) => {
      const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
      return [...el.classList].some((cls) =>
        new RegExp(`@media \\(max-width: ?768px\\)\\s*\\{[^@]*\\.${cls}[^{]*\\{[^}]*width:\\s?100%`).test(css),
      );
    };
    const { unmount } = renderWithProviders(<Host mobileFull />);
    expect(fullScreenUnderQuery(screen.getByRole('dialog'))).toBe(true);
    unmount();
    renderWithProviders(<Host />);
    expect(fullScreenUnderQuery(screen.getByRole('dialog'))).toBe(false);
  });
});
