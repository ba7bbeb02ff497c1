import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../contract/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import { publicMarketTests, resourceFixture, signIn, stubMarketApi } from './marketTestApi';
import ResourcesPage from './ResourcesPage';

const page = (
  <Route path={paths.resources}>
    <ResourcesPage />
  </Route>
);

publicMarketTests();

const listCalls = (api: ReturnType<typeof stubMarketApi>) => api.calls.filter((c) => c.path === 'market/resources');
const lastListQuery = (api: ReturnType<typeof stubMarketApi>) => Object.fromEntries(listCalls(api).at(-1)!.query);
const cards = () => screen.queryAllByTestId('resource-card');

describe('market home', () => {
  it('shows the categories and a newest strip only for a kind that has resources', async () => {
    const api = stubMarketApi([resourceFixture(1, { kind: 'model', format: 'tfjs', name: 'Fresh model' })]);
    renderWithProviders(page, { path: '/resources' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('마켓');
    expect(screen.getByRole('link', { name: '데이터셋 둘러보기' }).getAttribute('href')).toBe('/resources/dataset');
    expect(await screen.findByRole('link', { name: 'Fresh model' })).toBeTruthy();
    expect(screen.getByTestId('market-newest-model')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('market-newest-dataset')).toBeNull());
    expect(
      listCalls(api)
        .map((c) => c.query.get('kind'))
        .sort(),
    ).toEqual(['dataset', 'model']);
    expect(listCalls(api).every((c) => c.query.get('pageSize') === '4' && c.query.get('sort') === 'newest')).toBe(true);
  });
});

describe('market list', () => {
  it('sends the filters of the address to the API and keeps changes in the address', async () => {
    const api = stubMarketApi([
      resourceFixture(1, { fields: ['medical'], name: 'Lungs' }),
      resourceFixture(2, { fields: ['finance'], name: 'Cheques' }),
    ]);
    const { location } = renderWithProviders(page, { path: '/resources/dataset?sort=price_asc&fields=medical' });
    expect(await screen.findByRole('link', { name: 'Lungs' })).toBeTruthy();
    expect(lastListQuery(api)).toMatchObject({ kind: 'dataset', sort: 'price_asc', fields: 'medical', page: '1' });
    expect(screen.getByRole('checkbox', { name: '의료' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('checkbox', { name: '금융' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/resources/dataset?fields=finance%2Cmedical&sort=price_asc'),
    );
    expect(await screen.findByRole('link', { name: 'Cheques' })).toBeTruthy();

    fireEvent.change(screen.getByTestId('market-format'), { target: { value: 'coco' } });
    expect(location.history?.at(-1)).toBe('/resources/dataset?fields=finance%2Cmedical&format=coco&sort=price_asc');
    await waitFor(() => expect(lastListQuery(api).format).toBe('coco'));

    fireEvent.change(screen.getByRole('searchbox', { name: '검색' }), { target: { value: '  lung   x ' } });
    fireEvent.submit(screen.getByTestId('market-search'));
    expect(location.history?.at(-1)).toContain('q=lung+x');
    await waitFor(() => expect(lastListQuery(api).q).toBe('lung x'));
  });

  it('applies a price range, refuses a crossed one with a message, and free only', async () => {
    const api = stubMarketApi([resourceFixture(1), resourceFixture(5)]);
    const { location } = renderWithProviders(page, { path: '/resources/dataset' });
    await screen.findByRole('link', { name: 'Resource 5' });
    fireEvent.change(screen.getByRole('textbox', { name: '최저 가격' }), { target: { value: '9000' } });
    fireEvent.change(screen.getByRole('textbox', { name: '최고 가격' }), { target: { value: '100' } });
    fireEvent.submit(screen.getByTestId('market-price'));
    expect(screen.getByTestId('market-price-error').textContent).toContain('최저 가격');
    expect(location.history?.at(-1)).toBe('/resources/dataset');
    fireEvent.change(screen.getByRole('textbox', { name: '최고 가격' }), { target: { value: '10,000' } });
    fireEvent.submit(screen.getByTestId('market-price'));
    expect(location.history?.at(-1)).toBe('/resources/dataset?priceMin=9000&priceMax=10000');
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ priceMin: '9000', priceMax: '10000' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '무료만' }));
    await waitFor(() => expect(lastListQuery(api).free).toBe('1'));
  });

  it('pages with the shared paginator, the page kept in the address', async () => {
    const api = stubMarketApi(Array.from({ length: 30 }, (_, i) => resourceFixture(i + 1)));
    const { location } = renderWithProviders(page, { path: '/resources/dataset?sort=price_asc' });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.getByTestId('paginator-range').textContent).toBe('1-12 / 30');
    fireEvent.click(screen.getByRole('button', { name: '3 페이지' }));
    expect(location.history?.at(-1)).toBe('/resources/dataset?sort=price_asc&page=3');
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(lastListQuery(api).page).toBe('3');
    expect(within(cards()[0]!).getByRole('link').textContent).toBe('Resource 25');
  });

  it('shows a page past the end as the last page', async () => {
    stubMarketApi(Array.from({ length: 13 }, (_, i) => resourceFixture(i + 1)));
    const { location } = renderWithProviders(page, { path: '/resources/dataset?page=9' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/resources/dataset?page=2'));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('shows price, fields, format, seller and Korean upload time on a card, and the icon without pictures', async () => {
    stubMarketApi([
      resourceFixture(1, { price: 0, covers: 0 }),
      resourceFixture(2, { price: 1234567, covers: 2, fields: ['finance', 'medical'], format: 'coco' }),
      resourceFixture(3, { samples: [{ index: 4, width: 10, height: 10, annotations: [] }] }),
    ]);
    renderWithProviders(page, { path: '/resources/dataset', locale: 'en' });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const [third, second, first] = cards() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('resource-card-price').textContent).toBe('Free');
    expect(within(first).getByTestId('resource-card-icon')).toBeTruthy();
    expect(within(second).getByTestId('resource-card-price').textContent).toBe('₩1,234,567');
    expect(within(second).getByText('Finance')).toBeTruthy();
    expect(within(second).getByText('COCO')).toBeTruthy();
    expect(within(second).getByText(/Seller Kim/)).toBeTruthy();
    // 2026-01-01T00:02Z is 09:02 in Korea.
    expect(within(second).getByText('2026-01-01 09:02')).toBeTruthy();
    const cover = within(second).getByRole('img') as HTMLImageElement;
    expect(cover.getAttribute('src')).toBe('/api/market/resources/r2/covers/0');
    expect(cover.getAttribute('alt')).toBe('Cover of Resource 2');
    expect(within(third).getByRole('img').getAttribute('src')).toBe('/api/market/resources/r3/samples/4');
  });

  it('says the market is empty and links to posting, or offers to reset the filters', async () => {
    stubMarketApi([]);
    const { location } = renderWithProviders(page, { path: '/resources/model' });
    expect(await screen.findByText('아직 등록된 AI 모델이 없습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '콘솔에서 게시하기' }).getAttribute('href')).toBe('/console/market/new');
    fireEvent.click(screen.getByRole('checkbox', { name: '의료' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/resources/model?fields=medical'));
    expect(await screen.findByText('조건에 맞는 리소스가 없습니다.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('market-empty-reset'));
    expect(location.history?.at(-1)).toBe('/resources/model');
  });

  it('shows a load failure with a retry', async () => {
    const api = stubMarketApi([resourceFixture(1)]);
    api.fail('market/resources', 500, 'internal');
    renderWithProviders(page, { path: '/resources/dataset' });
    expect(await screen.findByTestId('market-error')).toBeTruthy();
    expect(screen.getByText('리소스를 불러오지 못했습니다.')).toBeTruthy();
    api.heal('market/resources');
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('link', { name: 'Resource 1' })).toBeTruthy();
  });

  it('bookmarks at once when signed in and puts the star back when the server refuses', async () => {
    await signIn();
    const api = stubMarketApi([resourceFixture(1), resourceFixture(2)]);
    renderWithProviders(page, { path: '/resources/dataset' });
    const star = await screen.findByRole('button', { name: 'Resource 1 북마크' });
    expect(listCalls(api)[0]?.authorization).toBe('Bearer t1');
    fireEvent.click(star);
    expect((await screen.findByRole('button', { name: 'Resource 1 북마크 해제' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitFor(() => expect(api.resources[0]?.bookmarked).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('resources/r1/bookmark');

    api.fail('resources/r2/bookmark', 500, 'internal');
    const release = api.hold('resources/r2/bookmark');
    fireEvent.click(screen.getByRole('button', { name: 'Resource 2 북마크' }));
    // Flipped before the server answers, then put back with a message when it refuses.
    expect(await screen.findByRole('button', { name: 'Resource 2 북마크 해제' })).toBeTruthy();
    release();
    expect(await screen.findByTestId('bookmark-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resource 2 북마크' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Resource 1 북마크 해제' })).toBeTruthy();
  });

  it('shows no bookmark star to a signed-out visitor', async () => {
    stubMarketApi([resourceFixture(1)]);
    renderWithProviders(page, { path: '/resources/dataset' });
    await screen.findByRole('link', { name: 'Resource 1' });
    expect(screen.queryByTestId('bookmark-toggle')).toBeNull();
  });

  it('answers 404 for an unknown category', () => {
    renderWithProviders(page, { path: '/resources/music' });
    expect(screen.getByTestId('error-page').dataset.status).toBe('404');
  });
});
