import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { INFO_TITLES, SOLUTION_NAMES } from '../../../contract/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import { headingOrderProblems } from '../info/headingOrder';
import SolutionDetailPage from './SolutionDetailPage';
import SolutionPage from './SolutionPage';

const renderDetail = (path: string, locale: 'ko' | 'en' = 'ko') =>
  renderWithProviders(
    <Route path="/solution/:name">
      <SolutionDetailPage />
    </Route>,
    { path, locale },
  );

describe('SolutionDetailPage', () => {
  it.each(SOLUTION_NAMES)(
    'renders /solution/%s: sections, steps linking to the info pages, the other solutions',
    (name) => {
      const { container } = renderDetail(`/solution/${name}`);
      expect(screen.getByTestId(`solution-${name}`)).toBeTruthy();
      expect(headingOrderProblems(container)).toEqual([]);
      expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(6);
      const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      for (const title of INFO_TITLES) expect(links).toContain(`/info/${title}`);
      for (const other of SOLUTION_NAMES) expect(links.includes(`/solution/${other}`)).toBe(other !== name);
    },
  );

  it('speaks English', () => {
    renderDetail('/solution/chamber', 'en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chamber temperature management');
  });

  it('answers an unknown name with the 404 page', () => {
    renderDetail('/solution/unknown');
    expect(screen.getByTestId('error-page').getAttribute('data-status')).toBe('404');
  });
});

describe('SolutionPage', () => {
  it('links to the three solutions', () => {
    const { container } = renderWithProviders(<SolutionPage />, { path: '/solution' });
    expect(headingOrderProblems(container)).toEqual([]);
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    for (const name of SOLUTION_NAMES) expect(links).toContain(`/solution/${name}`);
  });
});
