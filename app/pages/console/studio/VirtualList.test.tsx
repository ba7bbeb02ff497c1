import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { VirtualList } from './VirtualList';

describe('VirtualList', () => {
  it('keeps a few dozen rows in the DOM for 100,000 and draws the ones scrolled to', () => {
    renderWithProviders(
      <VirtualList
        count={100_000}
        rowHeight={32}
        row={(i) => <span data-testid="row">{`row ${i}`}</span>}
        data-testid="list"
      />,
    );
    const rows = () => screen.getAllByTestId('row').map((r) => r.textContent);
    expect(rows().length).toBeLessThan(40);
    expect(rows()[0]).toBe('row 0');
    const list = screen.getByTestId('list');
    list.scrollTop = 32 * 70_000;
    fireEvent.scroll(list);
    expect(rows()).toContain('row 70000');
    expect(rows()).not.toContain('row 0');
    expect(rows().length).toBeLessThan(40);
  });
});
