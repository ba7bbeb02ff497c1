import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STUDIO_ACTIONS } from '../../../contract/studioKeymap';
import { renderWithProviders } from '../../test/renderWithProviders';
import { rowBindings, SHORTCUT_ROWS, ShortcutTable } from './ShortcutTable';

const keysOf = (row: string) =>
  Array.from(document.querySelector(`[data-row="${row}"]`)!.querySelectorAll('kbd')).map((k) => k.textContent);

describe('ShortcutTable', () => {
  it('documents every action of the key map exactly once', () => {
    const documented = SHORTCUT_ROWS.flatMap((row) => row.actions);
    expect([...documented].sort()).toEqual([...STUDIO_ACTIONS].sort());
  });

  it('shows the default keys of the contract, as keycaps', () => {
    renderWithProviders(<ShortcutTable platform="other" />, { locale: 'en' });
    expect(keysOf('redo')).toEqual(['Ctrl', 'Shift', 'Z', 'Ctrl', 'Y']);
    expect(keysOf('label')).toEqual(['1', '9']);
    expect(keysOf('nudge')).toEqual(['↑', '↓', '←', '→']);
    expect(keysOf('zoomIn')).toEqual(['=', '+', 'Num +']);
    expect(keysOf('pan')).toEqual(['Space']);
    expect(keysOf('cheatSheet')).toEqual(['?']);
    expect(rowBindings(SHORTCUT_ROWS.find((r) => r.row === 'prevNext')!)).toEqual(['KeyA', 'KeyD']);
  });

  it('shows ⌘ on macOS', () => {
    renderWithProviders(<ShortcutTable platform="mac" />, { locale: 'en' });
    expect(keysOf('undo')).toEqual(['⌘', 'Z']);
  });

  it.each(['ko', 'en'] as const)('has a translated text for every row (%s)', (locale) => {
    const { i18n } = renderWithProviders(<ShortcutTable platform="other" />, { locale });
    for (const { row } of SHORTCUT_ROWS) {
      expect(i18n.exists(`docs:shortcuts.rows.${row}`, { lng: locale, fallbackLng: false })).toBe(true);
      const cells = within(document.querySelector<HTMLElement>(`[data-row="${row}"]`)!).getAllByRole('cell');
      expect(cells[1]!.textContent).not.toContain('shortcuts.rows');
    }
  });
});
