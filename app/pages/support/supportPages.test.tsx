import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLoggedIn, setLoggedOut } from '../../state/auth';
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

afterEach(async () => {
  await act(async () => setLoggedOut());
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
  ] as const)('%s has one h1 and a breadcrumb', (path, Page) => {
    renderWithProviders(<Page />, { path });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId('breadcrumbs')).toBeTruthy();
  });

  it('the hub search submits to /support/search?keyword=…', () => {
    const { location } = renderWithProviders(<SupportPage />, { path: '/support' });
    fireEvent.change(screen.getByRole('searchbox', { name: '고객지원 검색' }), { target: { value: '  GPU  시간 ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(location.history?.at(-1)).toBe('/support/search?keyword=GPU%20%EC%8B%9C%EA%B0%84');
  });

  it('the FAQ filters by category', () => {
    renderWithProviders(<FaqPage />, { path: '/support/faq' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('마켓');
    fireEvent.click(screen.getByRole('button', { name: '학습' }));
    expect(screen.getByRole('button', { name: '학습' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('faq-section-market')).toBeNull();
    expect(within(screen.getByTestId('faq-section-training')).getByText('GPU 학습 시간은 어떻게 계산되나요?')).toBeTruthy();
  });

  it('the FAQ opens the entry named by the address hash (search results link there)', () => {
    window.location.hash = '#faq-gpuHours';
    try {
      renderWithProviders(<FaqPage />, { path: '/support/faq' });
      const trigger = screen.getByRole('button', { name: /GPU 학습 시간은 어떻게 계산되나요/ });
      expect(trigger.getAttribute('aria-expanded')).toBe('true');
      expect(document.getElementById('faq-gpuHours')?.tagName).toBe('H3');
    } finally {
      window.location.hash = '';
    }
  });

  it('the notice list shows the empty state, and the detail names the crumb, not the id', () => {
    renderWithProviders(<NoticeListPage />, { path: '/support/notice' });
    expect(screen.getByText('등록된 공지사항이 없습니다.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '공지 작성' })).toBeNull();
    cleanup();

    renderWithProviders(<NoticeDetailPage />, { path: '/support/notice/abc123', locale: 'en' });
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(crumbs.textContent).toContain('Notice');
    expect(crumbs.textContent).not.toContain('abc123');
    expect(screen.getByRole('link', { name: 'Back to notices' }).getAttribute('href')).toBe('/support/notice');
  });

  it('the notice form is for admins only', async () => {
    renderWithProviders(<NoticeEditPage />, { path: '/support/notice/edit' });
    expect(screen.getByText('권한이 없습니다.')).toBeTruthy();
    expect(screen.queryByTestId('notice-form')).toBeNull();

    await act(async () => setLoggedIn({ id: 1, name: 'Kim', scope: 'user' }));
    expect(screen.queryByTestId('notice-form')).toBeNull();

    await act(async () => setLoggedIn({ id: 1, name: 'Kim', scope: ['admin'] }));
    expect(await screen.findByTestId('notice-form')).toBeTruthy();
    expect(screen.queryByTestId('notice-no-permission')).toBeNull();
  });

  it('the notice form shows errors, then says honestly that it cannot save yet', async () => {
    await act(async () => setLoggedIn({ id: 1, name: 'Kim', scope: 'admin' }));
    renderWithProviders(<NoticeEditPage />, { path: '/support/notice/edit', locale: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a title.')).toBeTruthy();
    expect(screen.getByText('Please enter the body.')).toBeTruthy();
    expect(screen.queryByTestId('notice-not-connected')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Maintenance on 11/20' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Body/ }), { target: { value: 'The console is down 02:00–04:00.' } });
    expect(screen.queryByText('Please enter a title.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('notice-not-connected').textContent).toContain('has not been saved');
  });

  it('the search page finds FAQ entries and pages, and highlights the keyword', () => {
    renderWithProviders(<SearchPage />, { path: '/support/search?keyword=%EB%9D%BC%EB%B2%A8' });
    expect(screen.getByTestId('search-summary').textContent).toMatch(/‘라벨’ 검색 결과 \d+건/);
    const faq = screen.getByTestId('search-faq');
    expect(within(faq).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(faq.querySelector('mark')?.textContent).toBe('라벨');
    const pages = within(screen.getByTestId('search-pages')).getAllByRole('link');
    expect(pages.find((a) => a.textContent === '데이터 라벨링')?.getAttribute('href')).toBe('/info/label');
  });

  it('the search page prompts without a keyword and explains when nothing matches', () => {
    renderWithProviders(<SearchPage />, { path: '/support/search' });
    expect(screen.getByTestId('search-prompt')).toBeTruthy();
    cleanup();
    renderWithProviders(<SearchPage />, { path: '/support/search?keyword=zzqx', locale: 'en' });
    expect(screen.getByTestId('search-no-results').textContent).toContain('No results for “zzqx”');
  });

  it('the search form on the search page updates the URL', () => {
    const { location } = renderWithProviders(<SearchPage />, { path: '/support/search?keyword=gpu', locale: 'en' });
    expect(screen.getByTestId('search-faq').textContent).toContain('How are GPU training hours counted?');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'edge' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(location.history?.at(-1)).toBe('/support/search?keyword=edge');
    expect(screen.getByTestId('search-summary').textContent).toContain('“edge”');
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
