import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { AnnotationList } from '../AnnotationList';
import type { MachineLabels } from './useMachineLabels';

const labels = [{ name: 'cat', color: '#ff0000' }];
const boxes = [
  { id: 'a', x: 0, y: 0, width: 30, height: 30, label: 0 },
  { id: 'm', x: 50, y: 50, width: 40, height: 20, label: 0 },
];

function machine(ids: [string, number | null][]): MachineLabels {
  const map = new Map(ids);
  return { machine: map, accept: vi.fn(), acceptAll: vi.fn() };
}

function list(m: MachineLabels, readOnly = false) {
  return renderWithProviders(
    <AnnotationList
      boxes={boxes}
      labels={labels}
      flagsVersion={0}
      onFlag={() => {}}
      onHideAll={() => {}}
      stage={null}
      readOnly={readOnly}
      machine={m}
    />,
    { locale: 'en' },
  );
}

describe('machine labels in the annotation list', () => {
  it('badges a machine label with its score and accepts it, or all of them', async () => {
    const m = machine([['m', 0.83]]);
    list(m);
    const rows = await screen.findAllByTestId('annotation-row');
    const badge = screen.getByTestId('machine-badge');
    expect(rows[1]!.contains(badge)).toBe(true);
    expect(badge.textContent).toBe('AI 83%');
    expect(badge.getAttribute('title')).toContain('not yet accepted by a person');
    expect(rows[0]!.querySelector('[data-testid="machine-accept"]')).toBeNull();
    fireEvent.click(screen.getByTestId('machine-accept'));
    expect(m.accept).toHaveBeenCalledWith(['m']);
    const all = screen.getByTestId('machine-accept-all');
    expect(all.textContent).toBe('Accept 1 machine label');
    fireEvent.click(all);
    expect(m.acceptAll).toHaveBeenCalledTimes(1);
  });

  it('shows nothing to accept when every label is a person’s, and no accepting when read-only', async () => {
    const { unmount } = list(machine([]));
    await screen.findAllByTestId('annotation-row');
    expect(screen.queryByTestId('machine-badge')).toBeNull();
    expect(screen.queryByTestId('machine-accept-all')).toBeNull();
    unmount();
    list(machine([['a', null]]), true);
    await screen.findAllByTestId('annotation-row');
    expect(screen.getByTestId('machine-badge').textContent).toBe('AI');
    expect(screen.getByTestId('machine-accept').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('machine-accept-all').hasAttribute('disabled')).toBe(true);
  });
});
