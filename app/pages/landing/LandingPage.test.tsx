import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { headingOrderProblems } from '../info/headingOrder';
import LandingPage from './LandingPage';

describe('LandingPage', () => {
  it('has one h1 in the hero, ordered headings and the links of every section', () => {
    const { container } = renderWithProviders(<LandingPage />);
    expect(headingOrderProblems(container)).toEqual([]);
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    for (const href of [
      '/info/dataset',
      '/info/label',
      '/info/training',
      '/info/test',
      '/info/deploy',
      '/solution/vision',
      '/solution/tools',
      '/solution/chamber',
      '/resources/dataset',
      '/resources/model',
      '/login',
      '/pricing',
    ]) {
      expect(links).toContain(href);
    }
    expect(container.querySelector('img')).toBeNull();
  });
});
