import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_KEYMAP, STUDIO_ACTIONS } from '../../../../../contract/studioKeymap';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { CheatSheet } from './CheatSheet';
import { effectiveKeymap } from './effectiveKeymap';

const rowOf = (action: string) => document.querySelector<HTMLElement>(`[data-action="${action}"]`)!;

describe('CheatSheet', () => {
  it('lists every action with its keys, by group', async () => {
    renderWithProviders(<CheatSheet open onOpenChange={() => {}} keymap={DEFAULT_KEYMAP} platform="other" />, {
      locale: 'en',
    });
    const sheet = await screen.findByTestId('cheat-sheet');
    for (const action of STUDIO_ACTIONS) expect(rowOf(action)).not.toBeNull();
    expect(within(sheet).getByRole('heading', { name: 'Tools' })).toBeTruthy();
    expect(within(sheet).getByRole('heading', { name: 'Images' })).toBeTruthy();
    expect(rowOf('box').closest('[data-group]')?.getAttribute('data-group')).toBe('tools');
    expect(rowOf('nextImage').closest('[data-group]')?.getAttribute('data-group')).toBe('images');
    expect(rowOf('redo').textContent).toBe('RedoCtrl+Shift+Z/Ctrl+Y');
  });

  it("shows the user's keys, '⌘' on macOS, and 'No key' for an unbound action, in Korean", async () => {
    const keymap = effectiveKeymap({ box: ['KeyR'], fit: [] });
    renderWithProviders(<CheatSheet open onOpenChange={() => {}} keymap={keymap} platform="mac" />, { locale: 'ko' });
    await screen.findByTestId('cheat-sheet');
    expect(screen.getByRole('heading', { name: '단축키' })).toBeTruthy();
    expect(rowOf('box').textContent).toBe('박스 도구R');
    expect(rowOf('fit').textContent).toBe('이미지를 화면에 맞추기키 없음');
    expect(rowOf('undo').textContent).toBe('실행 취소⌘+Z');
  });

  it('asks to close on Escape', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<CheatSheet open onOpenChange={onOpenChange} keymap={DEFAULT_KEYMAP} platform="other" />);
    const sheet = await screen.findByTestId('cheat-sheet');
    sheet.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
