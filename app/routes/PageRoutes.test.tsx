import { act, screen } from '@testing-library/react';
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
vi.mock('../layouts/PublicLayout', () => ({
  PublicLayout: ({ children }: { children: ReactNode }) => <div data-layout="public">{children}</div>,
}));
vi.mock('../layouts/LoginLayout', () => ({
  LoginLayout: ({ children }: { children: ReactNode }) => <div data-layout="login">{children}</div>,
}));
vi.mock('../layouts/console/ConsoleLayout', () => ({
  default: ({ children }: { children: ReactNode }) => <div data-layout="console">{children}</div>,
}));

/** The layout around the page shown. */
const layoutOfPage = () => screen.getByTestId('page').closest('[data-layout]')?.getAttribute('data-layout');

const names = Object.keys(paths) as PathName[];

describe('the page table', () => {
  it('names a page for every path', () => {
    expect(Object.keys(PAGE_OF_PATH).sort()).toEqual([...names].sort());
  });

  it.each(names.flatMap((name) => PAGE_EXAMPLES[name].map((address) => [name, address] as const)))(
    '%s: %s shows its own page in its layout',
    async (name, address) => {
      const expected: PageName = PAGE_OF_PATH[name];
      renderWithProviders(<PageRoutes />, { path: address.split('?')[0] ?? address });
      expect((await screen.findByTestId('page')).textContent).toBe(expected);
      const layout = name.startsWith('login') ? 'login' : name.startsWith('console') ? 'console' : 'public';
      expect(layoutOfPage()).toBe(layout);
    },
  );

  it('keeps one console layout while moving between console pages', async () => {
    const { location } = renderWithProviders(<PageRoutes />, { path: '/console' });
    const frame = (await screen.findByTestId('page')).closest('[data-layout]');
    expect(frame?.getAttribute('data-layout')).toBe('console');
    act(() => location.navigate('/console/settings'));
    expect((await screen.findByText('ConsoleSettings')).closest('[data-layout]')).toBe(frame);
    act(() => location.navigate('/pricing'));
    expect(layoutOfPage()).toBe('public');
  });

  it('an unknown address under /console is not found, in the public layout', () => {
    renderWithProviders(<PageRoutes />, { path: '/console/nope' });
    expect(screen.getByTestId('error-page').closest('[data-layout]')?.getAttribute('data-layout')).toBe('public');
  });

  it('shows the not-found page for an address that is no page', () => {
    renderWithProviders(<PageRoutes />, { path: '/nope' });
    expect(screen.queryByTestId('page')).toBeNull();
    expect(screen.getByTestId('error-page')).toBeTruthy();
  });
});
