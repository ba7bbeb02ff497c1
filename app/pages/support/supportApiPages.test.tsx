import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { setLoggedIn, setLoggedOut } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import FaqPage from './FaqPage';
import NoticeDetailPage from './NoticeDetailPage';
import NoticeEditPage from './NoticeEditPage';
import NoticeListPage from './NoticeListPage';
import SearchPage from './SearchPage';
import { noticeFixture, stubSupportApi } from './supportTestApi';
import { testUser } from '../../test/testUser';

beforeEach(() => {
  // Failures show at once (the app retries network and 5xx errors twice, a second apart).
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
});
afterEach(async () => {
  await act(async () => setLoggedOut());
  queryClient.clear();
  vi.unstubAllGlobals();
});

const asAdmin = () => act(async () => setLoggedIn(testUser({ name: 'Kim', scope: ['user', 'admin'] })));

describe('FAQ page', () => {
  it('shows the entries of the page language by category, with counts, and filters', async () => {
    const api = stubSupportApi();
    renderWithProviders(<FaqPage />, { path: '/support/faq' });
    expect(screen.getByTestId('faq-loading')).toBeTruthy();
    expect(await screen.findByText('GPU 학습 시간은 어떻게 계산되나요?')).toBeTruthy();
    expect(api.calls[0]?.query.get('locale')).toBe('ko');
    expect(screen.getByRole('button', { name: '전체' }).textContent).toContain('3');
    fireEvent.click(screen.getByRole('button', { name: '학습' }));
    expect(screen.getByRole('button', { name: '학습' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('faq-section-market')).toBeNull();
    expect(
      within(screen.getByTestId('faq-section-training')).getByText('GPU 학습 시간은 어떻게 계산되나요?'),
    ).toBeTruthy();
  });

  it('asks for the English FAQ under /en', async () => {
    const api = stubSupportApi();
    renderWithProviders(<FaqPage />, { path: '/support/faq', locale: 'en' });
    expect(await screen.findByText('How do I sign up?')).toBeTruthy();
    expect(api.calls[0]?.query.get('locale')).toBe('en');
  });

  it('opens the entry named by the address hash', async () => {
    stubSupportApi();
    window.location.hash = '#faq-ko-gpuHours';
    try {
      renderWithProviders(<FaqPage />, { path: '/support/faq' });
      const trigger = await screen.findByRole('button', { name: /GPU 학습 시간은 어떻게 계산되나요/ });
      expect(trigger.getAttribute('aria-expanded')).toBe('true');
      expect(document.getElementById('faq-ko-gpuHours')?.tagName).toBe('H3');
    } finally {
      window.location.hash = '';
    }
  });

  it('shows a translated error with a retry that works', async () => {
    const api = stubSupportApi();
    api.fail('faq', 500, 'internal');
    renderWithProviders(<FaqPage />, { path: '/support/faq' });
    expect((await screen.findByTestId('faq-error')).textContent).toContain('서버에서 오류가 발생했습니다.');
    const fresh = stubSupportApi();
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('회원가입은 어떻게 하나요?')).toBeTruthy();
    expect(fresh.calls).toHaveLength(1);
  });
});

describe('notice list', () => {
  it('lists pinned notices first, then the newest, numbered, with pages of 10', async () => {
    const notices = Array.from({ length: 24 }, (_, i) => noticeFixture(i + 1));
    notices.push(noticeFixture(0, { id: 'pin', title: 'Read me first', pinned: true }));
    const api = stubSupportApi({ notices });
    const { location } = renderWithProviders(<NoticeListPage />, { path: '/support/notice' });
    const rows = await screen.findAllByTestId('notice-row');
    expect(rows).toHaveLength(10);
    expect(rows[0]?.textContent).toContain('고정');
    expect(rows[0]?.textContent).toContain('Read me first');
    expect(rows[1]?.textContent).toContain('Notice 24');
    expect(within(rows[1]!).getByRole('link', { name: 'Notice 24' }).getAttribute('href')).toBe('/support/notice/n24');
    fireEvent.click(screen.getByRole('button', { name: '3 페이지' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/support/notice?page=3'));
    await waitFor(() => expect(screen.getAllByTestId('notice-row')).toHaveLength(5));
    expect(api.calls.at(-1)?.query.get('page')).toBe('3');
    expect(screen.getAllByTestId('notice-row')[4]?.textContent).toContain('Notice 1');
  });

  it('searches by keyword through the address and says when nothing matches', async () => {
    const api = stubSupportApi({ notices: [noticeFixture(1, { title: 'GPU quota' }), noticeFixture(2)] });
    const { location } = renderWithProviders(<NoticeListPage />, { path: '/support/notice' });
    await screen.findAllByTestId('notice-row');
    const search = screen.getByTestId('notice-search');
    fireEvent.change(within(search).getByRole('searchbox'), { target: { value: ' gpu ' } });
    fireEvent.submit(search);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/support/notice?keyword=gpu'));
    await waitFor(() => expect(screen.getAllByTestId('notice-row')).toHaveLength(1));
    expect(api.calls.at(-1)?.query.get('keyword')).toBe('gpu');
    // The form is keyed by the keyword: the one on screen now is a new element.
    fireEvent.change(within(screen.getByTestId('notice-search')).getByRole('searchbox'), { target: { value: 'zzz' } });
    fireEvent.submit(screen.getByTestId('notice-search'));
    expect(await screen.findByText('‘zzz’이(가) 들어간 공지사항이 없습니다.')).toBeTruthy();
  });

  it('shows the empty state, and the write button to admins only', async () => {
    stubSupportApi();
    renderWithProviders(<NoticeListPage />, { path: '/support/notice' });
    expect(await screen.findByText('등록된 공지사항이 없습니다.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '공지 작성' })).toBeNull();
    await asAdmin();
    expect(screen.getByRole('link', { name: '공지 작성' }).getAttribute('href')).toBe('/support/notice/edit');
  });
});

describe('notice detail', () => {
  it('renders the body as cleaned HTML', async () => {
    stubSupportApi({
      notices: [
        noticeFixture(1, {
          title: 'Maintenance',
          body: '<h2>When</h2><p>Sunday <strong>02:00</strong><img src=x onerror="alert(1)"></p><script>alert(2)</script><style>p{}</style><a href="javascript:alert(3)" onclick="x()">bad</a><a href="https://maru.ai">ok</a>',
        }),
      ],
    });
    renderWithProviders(<NoticeDetailPage />, { path: '/support/notice/n1', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance' })).toBeTruthy();
    const body = screen.getByTestId('notice-body');
    expect(body.querySelector('h2')?.textContent).toBe('When');
    expect(body.querySelector('strong')?.textContent).toBe('02:00');
    expect(body.querySelector('img, script, style')).toBeNull();
    expect(body.textContent).not.toContain('alert(2)');
    expect(body.innerHTML).not.toContain('javascript:');
    expect(body.innerHTML).not.toContain('onerror');
    expect(within(body).getByText('ok').getAttribute('href')).toBe('https://maru.ai');
    expect(within(body).getByText('ok').getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(body).getByText('bad').hasAttribute('href')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows the not-found state for an unknown id, naming the crumb, not the id', async () => {
    stubSupportApi();
    renderWithProviders(<NoticeDetailPage />, { path: '/support/notice/abc123', locale: 'en' });
    expect(await screen.findByTestId('notice-not-found')).toBeTruthy();
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(crumbs.textContent).toContain('Notice');
    expect(crumbs.textContent).not.toContain('abc123');
    expect(screen.getByRole('link', { name: 'Back to notices' }).getAttribute('href')).toBe('/support/notice');
  });

  it('lets an admin delete after confirming, then goes back to the list', async () => {
    await asAdmin();
    const api = stubSupportApi({ notices: [noticeFixture(1)] });
    const { location } = renderWithProviders(<NoticeDetailPage />, { path: '/support/notice/n1' });
    await screen.findByRole('heading', { level: 1, name: 'Notice 1' });
    expect(screen.getByRole('link', { name: '수정' }).getAttribute('href')).toBe('/support/notice/edit?id=n1');
    fireEvent.click(screen.getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/support/notice'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['notices/n1']);
    expect(api.notices).toEqual([]);
  });
});

describe('notice edit page', () => {
  it('is for admins only', async () => {
    stubSupportApi();
    renderWithProviders(<NoticeEditPage />, { path: '/support/notice/edit' });
    expect(screen.getByText('권한이 없습니다.')).toBeTruthy();
    expect(screen.queryByTestId('notice-form')).toBeNull();
    await act(async () => setLoggedIn(testUser({ name: 'Kim', scope: ['user'] })));
    expect(screen.queryByTestId('notice-form')).toBeNull();
    await asAdmin();
    expect(await screen.findByTestId('notice-form')).toBeTruthy();
  });

  it('checks the fields, posts the notice and opens it', async () => {
    await asAdmin();
    const api = stubSupportApi();
    const { location } = renderWithProviders(<NoticeEditPage />, { path: '/support/notice/edit', locale: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a title.')).toBeTruthy();
    expect(screen.getByText('Please enter the body.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: ' Maintenance on 11/20 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Body/ }), { target: { value: '<p>Down 02:00–04:00.</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/support/notice/n100'));
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: 'notices',
      body: { title: 'Maintenance on 11/20', category: 'general', body: '<p>Down 02:00–04:00.</p>', pinned: false },
    });
  });

  it('shows what the server refused and keeps the text', async () => {
    await asAdmin();
    const api = stubSupportApi();
    api.fail('notices', 400, 'validation', { body: 'validation:required' });
    renderWithProviders(<NoticeEditPage />, { path: '/support/notice/edit', locale: 'en' });
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Only a script' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Body/ }), { target: { value: '<script>x()</script>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a value.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Only a script');
    api.fail('notices', 403, 'forbidden');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('notice-save-error')).textContent).toContain('You do not have permission');
  });

  it('edits an existing notice with ?id=', async () => {
    await asAdmin();
    const api = stubSupportApi({ notices: [noticeFixture(5, { title: 'Old title', category: 'event' })] });
    const { location } = renderWithProviders(<NoticeEditPage />, { path: '/support/notice/edit?id=n5', locale: 'en' });
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect((title as HTMLInputElement).value).toBe('Old title');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit notice');
    fireEvent.change(title, { target: { value: 'New title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/support/notice/n5'));
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      method: 'PATCH',
      path: 'notices/n5',
      body: { title: 'New title', category: 'event' },
    });
  });
});

describe('support search page', () => {
  it('finds notices and FAQ from the API and pages of the site, highlighting the keyword', async () => {
    const api = stubSupportApi({ notices: [noticeFixture(1, { title: '라벨링 도구 업데이트' })] });
    renderWithProviders(<SearchPage />, { path: '/support/search?keyword=%EB%9D%BC%EB%B2%A8' });
    expect((await screen.findByTestId('search-summary')).textContent).toMatch(/‘라벨’ 검색 결과 \d+건/);
    expect(api.calls[0]?.query.get('keyword')).toBe('라벨');
    expect(api.calls[0]?.query.get('locale')).toBe('ko');
    const notices = screen.getByTestId('search-notices');
    expect(within(notices).getByRole('link').getAttribute('href')).toBe('/support/notice/n1');
    const faq = screen.getByTestId('search-faq');
    expect(faq.querySelector('mark')?.textContent).toBe('라벨');
    expect(within(faq).getByRole('link').getAttribute('href')).toBe('/support/faq#faq-ko-sell');
    const pages = within(screen.getByTestId('search-pages')).getAllByRole('link');
    expect(pages.find((a) => a.textContent === '데이터 라벨링')?.getAttribute('href')).toBe('/info/label');
  });

  it('prompts without a keyword and asks nothing of the API', async () => {
    const api = stubSupportApi();
    renderWithProviders(<SearchPage />, { path: '/support/search' });
    expect(screen.getByTestId('search-prompt')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('says when nothing matches', async () => {
    stubSupportApi();
    renderWithProviders(<SearchPage />, { path: '/support/search?keyword=zzqx', locale: 'en' });
    expect((await screen.findByTestId('search-no-results')).textContent).toContain('No results for “zzqx”');
  });

  it('shows a failed search as an error', async () => {
    const api = stubSupportApi();
    api.fail('search', 503, 'internal');
    renderWithProviders(<SearchPage />, { path: '/support/search?keyword=gpu', locale: 'en' });
    expect((await screen.findByTestId('search-error')).textContent).toContain('An error has occurred in the server.');
  });

  it('the search form updates the URL and the results', async () => {
    stubSupportApi();
    const { location } = renderWithProviders(<SearchPage />, { path: '/support/search?keyword=gpu', locale: 'en' });
    expect((await screen.findByTestId('search-faq')).textContent).toContain('How are GPU training hours counted?');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sign' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(location.history?.at(-1)).toBe('/support/search?keyword=sign');
    await waitFor(() => expect(screen.getByTestId('search-summary').textContent).toContain('“sign”'));
  });
});
