import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { paginate, Paginator, type PaginatorProps } from './Paginator';

describe('paginate', () => {
  it('computes the items and the block of the page', () => {
    expect(paginate({ page: 2, pageSize: 10, itemsLength: 95 })).toEqual({
      page: 2,
      pageCount: 10,
      pageStart: 11,
      pageStop: 20,
      itemsLength: 95,
      blockStart: 1,
      blockEnd: 10,
    });
  });

  it('cuts the last page short', () => {
    expect(paginate({ page: 10, pageSize: 10, itemsLength: 95 })).toMatchObject({ pageStart: 91, pageStop: 95 });
    expect(paginate({ page: 1, pageSize: 20, itemsLength: 7 })).toMatchObject({
      pageCount: 1,
      pageStart: 1,
      pageStop: 7,
    });
  });

  it('moves to the next block of 10 pages', () => {
    expect(paginate({ page: 10, pageSize: 5, itemsLength: 500 })).toMatchObject({
      pageCount: 100,
      blockStart: 1,
      blockEnd: 10,
    });
    expect(paginate({ page: 11, pageSize: 5, itemsLength: 500 })).toMatchObject({ blockStart: 11, blockEnd: 20 });
    expect(paginate({ page: 23, pageSize: 10, itemsLength: 234 })).toMatchObject({
      pageCount: 24,
      blockStart: 21,
      blockEnd: 24,
    });
  });

  it('handles no items', () => {
    expect(paginate({ page: 1, pageSize: 10, itemsLength: 0 })).toEqual({
      page: 1,
      pageCount: 0,
      pageStart: 0,
      pageStop: 0,
      itemsLength: 0,
      blockStart: 1,
      blockEnd: 0,
    });
  });

  it('clamps pages and sanitises counts', () => {
    expect(paginate({ page: 0, pageSize: 10, itemsLength: 30 }).page).toBe(1);
    expect(paginate({ page: 9, pageSize: 10, itemsLength: 30 })).toMatchObject({
      page: 3,
      pageStart: 21,
      pageStop: 30,
    });
    expect(paginate({ page: Number.NaN, pageSize: 0, itemsLength: -5 })).toMatchObject({
      page: 1,
      pageCount: 0,
      pageStart: 0,
    });
  });

  it('takes a page count from the server', () => {
    expect(paginate({ page: 3, pageSize: 10, itemsLength: 95, pageCount: 12 })).toMatchObject({
      page: 3,
      pageCount: 12,
      blockEnd: 10,
    });
    expect(paginate({ page: 12, pageSize: 10, itemsLength: 95, pageCount: 12 })).toMatchObject({
      page: 12,
      blockStart: 11,
      blockEnd: 12,
      pageStop: 95,
    });
  });
});

function Host(props: Partial<PaginatorProps> & { spy?: (page: number) => void }) {
  const { spy, ...rest } = props;
  const [page, setPage] = useState(props.page ?? 1);
  return (
    <Paginator
      itemsLength={95}
      pageSize={10}
      {...rest}
      page={page}
      onChange={(p) => {
        spy?.(p);
        setPage(p);
      }}
    />
  );
}

const pageButtons = () =>
  screen
    .getAllByRole('button')
    .filter((b) => /^\d+$/.test(b.textContent ?? ''))
    .map((b) => Number(b.textContent));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Paginator', () => {
  it('shows the first block, the current page and the counter in Korean', () => {
    renderWithProviders(<Host page={2} />);
    expect(screen.getByRole('navigation', { name: '페이지 탐색' })).toBeTruthy();
    expect(pageButtons()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(button('2 페이지').getAttribute('aria-current')).toBe('page');
    expect(button('3 페이지').getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('paginator-range').textContent).toBe('11-20 / 95');
  });

  it('says "of" in English', () => {
    renderWithProviders(<Host page={2} />, { locale: 'en' });
    expect(screen.getByTestId('paginator-range').textContent).toBe('11-20 of 95');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('groups large numbers', () => {
    renderWithProviders(<Host page={101} itemsLength={12345} />, { locale: 'en' });
    expect(screen.getByTestId('paginator-range').textContent).toBe('1,001-1,010 of 12,345');
  });

  it('disables first and previous on the first page, next and last on the last', async () => {
    const spy = vi.fn();
    renderWithProviders(<Host spy={spy} />);
    expect([button('첫 페이지').disabled, button('이전 페이지').disabled]).toEqual([true, true]);
    expect([button('다음 페이지').disabled, button('마지막 페이지').disabled]).toEqual([false, false]);
    await userEvent.click(button('마지막 페이지'));
    expect(spy).toHaveBeenLastCalledWith(10);
    expect([button('다음 페이지').disabled, button('마지막 페이지').disabled]).toEqual([true, true]);
    expect(screen.getByTestId('paginator-range').textContent).toBe('91-95 / 95');
  });

  it('moves one page with previous and next, across blocks', async () => {
    const spy = vi.fn();
    renderWithProviders(<Host spy={spy} page={10} itemsLength={250} />);
    await userEvent.click(button('다음 페이지'));
    expect(spy).toHaveBeenLastCalledWith(11);
    expect(pageButtons()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    await userEvent.click(button('이전 페이지'));
    expect(spy).toHaveBeenLastCalledWith(10);
    expect(pageButtons()[0]).toBe(1);
    await userEvent.click(button('첫 페이지'));
    expect(spy).toHaveBeenLastCalledWith(1);
  });

  it('goes to a clicked page and ignores the current one', async () => {
    const spy = vi.fn();
    renderWithProviders(<Host spy={spy} />);
    await userEvent.click(button('1 페이지'));
    expect(spy).not.toHaveBeenCalled();
    await userEvent.click(button('7 페이지'));
    expect(spy).toHaveBeenCalledWith(7);
    expect(button('7 페이지').getAttribute('aria-current')).toBe('page');
  });

  it('shows a partial last block', () => {
    renderWithProviders(<Host page={12} itemsLength={123} />);
    expect(pageButtons()).toEqual([11, 12, 13]);
    expect(screen.getByTestId('paginator-range').textContent).toBe('111-120 / 123');
  });

  it('shows 0-0 of 0 and no pages when empty', () => {
    renderWithProviders(<Host itemsLength={0} />, { locale: 'en' });
    expect(pageButtons()).toEqual([]);
    expect(screen.getByTestId('paginator-range').textContent).toBe('0-0 of 0');
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'])
      expect(button(name).disabled).toBe(true);
  });
});
