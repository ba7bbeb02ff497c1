import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { hasAdminScope } from './adminScope';
import FaqPage from './FaqPage';
import NoticeDetailPage from './NoticeDetailPage';
import NoticeEditPage from './NoticeEditPage';
import NoticeListPage from './NoticeListPage';
import PolicyPage from './PolicyPage';
import PrivacyPage from './PrivacyPage';
import SearchPage from './SearchPage';
import SupportDocsPage from './SupportDocsPage';
import SupportPage from './SupportPage';
import { stubSupportApi } from './supportTestApi';

afterEach(async () => {
  await act(async () => setLoggedOut());
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('hasAdminScope', () => {
  it('accepts exactly "admin" in a list or a space/comma separated string', () => {
    expect(hasAdminScope('admin')).toBe(true);
    expect(hasAdminScope('user admin')).toBe(true);
    expect(hasAdminScope('user,admin')).toBe(true);
    expect(hasAdminScope(['user', 'admin'])).toBe(true);
    expect(hasAdminScope('superadmin')).toBe(false);
    expect(hasAdminScope(['user'])).toBe(false);
    expect(hasAdminScope(undefined)).toBe(false);
    expect(hasAdminScope('')).toBe(false);
  });
});

describe('support pages', () => {
  it.each([
    ['/support', SupportPage],
    ['/support/faq', FaqPage],
    ['/support/notice', NoticeListPage],
    ['/support/notice/7', NoticeDetailPage],
    ['/support/notice/edit', NoticeEditPage],
    ['/support/policy', PolicyPage],
    ['/support/privacy', PrivacyPage],
    ['/support/docs', SupportDocsPage],
    ['/support/search', SearchPage],
  ] as const)('%s has one h1 and a breadcrumb', async (path, Page) => {
    stubSupportApi();
    renderWithProviders(<Page />, { path });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1));
    expect(screen.getByTestId('breadcrumbs')).toBeTruthy();
  });

  it('the hub search submits to /support/search?keyword=…', () => {
    const { location } = renderWithProviders(<SupportPage />, { path: '/support' });
    fireEvent.change(screen.getByRole('searchbox', { name: '고객지원 검색' }), { target: { value: '  GPU  시간 ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(location.history?.at(-1)).toBe('/support/search?keyword=GPU%20%EC%8B%9C%EA%B0%84');
  });

  it('the support guide opens the guide site in a new tab', () => {
    renderWithProviders(<SupportDocsPage />, { path: '/support/docs' });
    for (const link of screen.getAllByTestId('guide-site-link')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('the legal pages have a table of contents linking to their sections', () => {
    renderWithProviders(<PrivacyPage />, { path: '/support/privacy' });
    const toc = screen.getByRole('navigation', { name: '목차' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBe(screen.getAllByTestId('legal-section').length);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      expect(document.getElementById(id)?.tagName).toBe('H2');
    }
    expect(screen.getAllByText(/i18n_redirected/).length).toBeGreaterThan(0);
  });
});
