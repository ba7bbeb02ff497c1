import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { INFO_TITLES } from '../../../contract/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import { headingOrderProblems } from './headingOrder';
import InfoDetailPage from './InfoDetailPage';
import InfoPage from './InfoPage';

const renderDetail = (path: string, locale: 'ko' | 'en' = 'ko') =>
  renderWithProviders(
    <Route path="/info/:title">
      <InfoDetailPage />
    </Route>,
    { path, locale },
  );

describe('InfoDetailPage', () => {
  it.each(INFO_TITLES)('renders /info/%s with its own title, sections and a next-step link', async (title) => {
    const { container } = renderDetail(`/info/${title}`);
    expect(screen.getByTestId(`info-${title}`)).toBeTruthy();
    expect(headingOrderProblems(container)).toEqual([]);
    const next = INFO_TITLES[(INFO_TITLES.indexOf(title) + 1) % INFO_TITLES.length];
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toContain(`/info/${next}`);
    expect(
      screen
        .getByRole('navigation', { name: 'AI 개발 단계' })
        .querySelector('[aria-current="page"]')
        ?.getAttribute('href'),
    ).toBe(`/info/${title}`);
    const h1 = screen.getByRole('heading', { level: 1 }).textContent ?? '';
    await waitFor(() => expect(document.title).toBe(`${h1} | AI 관리 플랫폼`));
  });

  it('speaks English', () => {
    renderDetail('/info/label', 'en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Data labeling');
    expect(screen.getByRole('heading', { level: 2, name: 'Key features' })).toBeTruthy();
  });

  it('answers an unknown title with the 404 page', () => {
    renderDetail('/info/unknown');
    expect(screen.getByTestId('error-page').getAttribute('data-status')).toBe('404');
  });
});

describe('InfoPage', () => {
  it('links to all five steps', () => {
    const { container } = renderWithProviders(<InfoPage />, { path: '/info' });
    expect(headingOrderProblems(container)).toEqual([]);
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    for (const title of INFO_TITLES) expect(links).toContain(`/info/${title}`);
  });
});
