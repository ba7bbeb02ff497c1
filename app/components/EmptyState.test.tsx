import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('says 데이터가 없습니다. by default in Korean', () => {
    renderWithProviders(<EmptyState />);
    expect(screen.getByTestId('empty-state').textContent).toBe('데이터가 없습니다.');
  });

  it('says No data by default in English', () => {
    renderWithProviders(<EmptyState />, { locale: 'en' });
    expect(screen.getByTestId('empty-state').textContent).toBe('No data');
  });

  it('shows a custom message, hint and action', () => {
    renderWithProviders(
      <EmptyState
        message="검색 결과가 없습니다."
        hint="다른 검색어를 입력해 보세요."
        action={<button type="button">새로 고침</button>}
      />,
    );
    const box = screen.getByTestId('empty-state');
    expect(screen.getByText('검색 결과가 없습니다.')).toBeTruthy();
    expect(screen.getByText('다른 검색어를 입력해 보세요.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '새로 고침' })).toBeTruthy();
    expect(box.textContent).not.toContain('데이터가 없습니다.');
  });

  it('keeps its illustration out of the accessibility tree', () => {
    renderWithProviders(<EmptyState />);
    expect(screen.getByTestId('empty-state').querySelector('svg')?.closest('[aria-hidden="true"]')).toBeTruthy();
  });
});
