import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { headingOrderProblems } from './headingOrder';
import InfoDeprecatedPage from './InfoDeprecatedPage';

describe('InfoDeprecatedPage', () => {
  it('scrolls to the top and points to the new info page', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { container } = renderWithProviders(<InfoDeprecatedPage />, { path: '/info/index_deprecated' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
    expect(headingOrderProblems(container)).toEqual([]);
    expect(screen.getByRole('link', { name: '새 소개 페이지로 이동' }).getAttribute('href')).toBe('/info');
  });
});
