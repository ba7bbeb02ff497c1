import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { AppTabs, type AppTabsProps, type TabItem } from './Tabs';

type Name = 'images' | 'labels' | 'settings';
const items: TabItem<Name>[] = [
  { name: 'images', text: '이미지', icon: <svg data-testid="icon" />, append: <span>12</span> },
  { name: 'labels', text: '라벨' },
  { name: 'settings', text: '설정', disabled: true },
];

function Controlled(props: Partial<AppTabsProps<Name>> & { spy?: (name: Name) => void }) {
  const { spy, ...rest } = props;
  const [tab, setTab] = useState<Name>('images');
  return (
    <AppTabs<Name>
      items={items}
      label="데이터셋 보기"
      value={tab}
      onChange={(name) => {
        spy?.(name);
        setTab(name);
      }}
      panels={{ images: <p>image list</p>, labels: <p>label list</p> }}
      {...rest}
    />
  );
}

describe('AppTabs', () => {
  it('renders a labelled tab list with icon, text and append', () => {
    renderWithProviders(<Controlled />);
    expect(screen.getByRole('tablist', { name: '데이터셋 보기' })).toBeTruthy();
    const tab = screen.getByRole('tab', { name: '이미지 12' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(tab.querySelector('[data-testid="icon"]')?.parentElement?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('tab', { name: '라벨' }).getAttribute('aria-selected')).toBe('false');
  });

  it('shows only the selected panel and switches on click', async () => {
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('image list');
    expect(screen.queryByText('label list')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: '라벨' }));
    expect(spy).toHaveBeenCalledWith('labels');
    expect(screen.getByRole('tabpanel').textContent).toBe('label list');
    expect(screen.queryByText('image list')).toBeNull();
  });

  it('moves with the arrow keys and skips disabled tabs', async () => {
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '이미지 12' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '라벨' }));
    expect(spy).toHaveBeenLastCalledWith('labels');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '이미지 12' }));
    expect(spy).toHaveBeenLastCalledWith('images');
  });

  it('gives every tab a panel labelled by it; the selected tab controls the shown one', () => {
    renderWithProviders(<Controlled />);
    const panels = document.querySelectorAll('[role="tabpanel"]');
    expect(panels).toHaveLength(items.length);
    for (const tab of screen.getAllByRole('tab')) {
      expect(
        document.querySelector(`[role="tabpanel"][aria-labelledby="${CSS.escape(tab.id)}"]`),
        tab.textContent ?? '',
      ).toBeTruthy();
    }
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
  });

  it('renders the selected content through a render prop', async () => {
    const render = vi.fn((name: Name) => <p>content of {name}</p>);
    renderWithProviders(<Controlled panels={undefined}>{render}</Controlled>);
    expect(screen.getByRole('tabpanel').textContent).toBe('content of images');
    expect(render.mock.calls.every(([name]) => name === 'images')).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: '라벨' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('content of labels');
  });
});
