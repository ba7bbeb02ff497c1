import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_EXAMPLES } from '../../contract/pageExamples';
import { paths, type PathName } from '../../contract/routes';
import { renderWithProviders } from '../test/renderWithProviders';
import { PageRoutes } from './PageRoutes';
import type * as pagesModule from './pages';
import { PAGE_OF_PATH, type PageName } from './pages';

// Each page is a stub that names itself, so the test sees which page the table picked; the
// layouts only pass their page through.
vi.mock('./pages', async (importOriginal) => {
  const actual = await importOriginal<typeof pagesModule>();
  const stub = (name: string) =>
    function StubPage() {
      return <p data-testid="page">{name}</p>;
    };
  return {
    ...actual,
    pages: Object.fromEntries(Object.keys(actual.pages).map((name) => [name, stub(name)])),
    labPages: null,
  };
});
vi.mock('../layouts/PublicLayout', () => ({ PublicLayout: ({ children }: { children: ReactNode }) => children }));
vi.mock('../layouts/LoginLayout', () => ({ LoginLayout: ({ children }: { children: ReactNode }) => children }));

const names = Object.keys(paths) as PathName[];

describe('the page table', () => {
  it('names a page for every path', () => {
    expect(Object.keys(PAGE_OF_PATH).sort()).toEqual([...names].sort());
  });

  it.each(names.flatMap((name) => PAGE_EXAMPLES[name].map((address) => [name, address] as const)))(
    '%s: %s shows its own page',
    (name, address) => {
      const expected: PageName = PAGE_OF_PATH[name];
      renderWithProviders(<PageRoutes />, { path: address.split('?')[0] ?? address });
      expect(screen.getByTestId('page').textContent).toBe(expected);
    },
  );

  it('shows the not-found page for an address that is no page', () => {
    renderWithProviders(<PageRoutes />, { path: '/nope' });
    expect(screen.queryByTestId('page')).toBeNull();
    expect(screen.getByTestId('error-page')).toBeTruthy();
  });
});
