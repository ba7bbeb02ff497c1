import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../contract/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import { publicMarketTests, resourceFixture, signIn, stubMarketApi } from './marketTestApi';
import ResourceDetailPage from './ResourceDetailPage';

const page = (
  <Route path={paths.resourceDetail}>
    <ResourceDetailPage />
  </Route>
);

publicMarketTests();

const dataset = resourceFixture(1, {
  name: 'Steel cracks',
  covers: 3,
  price: 25000,
  labels: [
    { name: 'crack', color: '#e53e3e' },
    { name: 'rust', color: '#3182ce' },
  ],
  samples: [
    {
      index: 0,
      width: 400,
      height: 200,
      annotations: [
        { label: 'crack', color: '#e53e3e', box: { x: 40, y: 20, width: 100, height: 50 } },
        { label: 'rust', color: '#3182ce', box: { x: 200, y: 0, width: 80, height: 80 } },
      ],
    },
    { index: 1, width: 300, height: 300, annotations: [{ label: 'rust', color: '#3182ce', box: null }] },
  ],
});

describe('resource page', () => {
  it('shows the facts, labels, licence and price of a dataset, with its name as the title', async () => {
    stubMarketApi([dataset]);
    renderWithProviders(page, { path: '/resources/detail/r1', locale: 'en' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Steel cracks');
    await waitFor(() => expect(document.title).toMatch(/^Steel cracks \| /));
    expect(screen.getByTestId('resource-price').textContent).toBe('₩25,000');
    expect(screen.getByText('Pascal VOC')).toBeTruthy();
    expect(screen.getByText('Seller Kim')).toBeTruthy();
    expect(screen.getByText('2026-01-01 09:01')).toBeTruthy();
    expect(
      within(screen.getByTestId('resource-labels'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['crack', 'rust']);
    expect(screen.getByTestId('resource-licence').textContent).toContain('no');
    expect(screen.queryByTestId('resource-not-listed')).toBeNull();
  });

  it('draws each sample box in the sample’s own pixels, scaled over the image, with its label tag', async () => {
    stubMarketApi([dataset]);
    renderWithProviders(page, { path: '/resources/detail/r1' });
    const [first, second] = (await screen.findAllByTestId('sample-image')) as [HTMLElement, HTMLElement];
    const overlay = within(first).getByTestId('sample-overlay');
    expect(overlay.getAttribute('viewBox')).toBe('0 0 400 200');
    expect(overlay.getAttribute('preserveAspectRatio')).toBe('none');
    const boxes = within(first).getAllByTestId('sample-box');
    expect(boxes.map((b) => b.dataset.label)).toEqual(['crack', 'rust']);
    const rect = boxes[0]!.querySelector('rect')!;
    expect([
      rect.getAttribute('x'),
      rect.getAttribute('y'),
      rect.getAttribute('width'),
      rect.getAttribute('height'),
    ]).toEqual(['40', '20', '100', '50']);
    expect(rect.getAttribute('stroke')).toBe('#e53e3e');
    expect(boxes[0]!.querySelector('text')?.textContent).toBe('crack');
    // The tag of a box touching the top sits inside the box.
    const rustTag = boxes[1]!.querySelectorAll('rect')[1]!;
    expect(Number(rustTag.getAttribute('y'))).toBeGreaterThanOrEqual(0);
    expect(within(first).getByRole('img').getAttribute('src')).toBe('/api/market/resources/r1/samples/0');
    // A class annotation has no box: it is named under the image.
    expect(within(second).queryByTestId('sample-overlay')).toBeNull();
    expect(within(second).getByText('rust')).toBeTruthy();
  });

  it('turns the cover carousel with the arrow keys, Home, End, the buttons, the dots and a swipe', async () => {
    stubMarketApi([dataset]);
    renderWithProviders(page, { path: '/resources/detail/r1', locale: 'en' });
    const carousel = await screen.findByTestId('cover-carousel');
    const image = () => within(carousel).getByTestId('carousel-image');
    expect(image().getAttribute('src')).toBe('/api/market/resources/r1/covers/0');
    expect(image().getAttribute('alt')).toBe('Cover 1 of 3 of Steel cracks');
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(image().getAttribute('src')).toBe('/api/market/resources/r1/covers/1');
    fireEvent.keyDown(carousel, { key: 'End' });
    expect(image().getAttribute('alt')).toBe('Cover 3 of 3 of Steel cracks');
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(image().getAttribute('src')).toBe('/api/market/resources/r1/covers/0');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(image().getAttribute('src')).toBe('/api/market/resources/r1/covers/2');
    fireEvent.keyDown(carousel, { key: 'Home' });
    expect(image().getAttribute('src')).toBe('/api/market/resources/r1/covers/0');
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next image' }));
    expect(image().getAttribute('src')).toBe('/api/market/resources/r1/covers/1');
    fireEvent.click(within(carousel).getByRole('button', { name: 'Show image 3' }));
    expect(within(carousel).getByRole('button', { name: 'Show image 3' }).getAttribute('aria-current')).toBe('true');
    const stage = image().parentElement!.parentElement!;
    fireEvent.pointerDown(stage, { clientX: 200 });
    fireEvent.pointerUp(stage, { clientX: 100 });
    expect(image().getAttribute('src')).toBe('/api/market/resources/r1/covers/0');
    fireEvent.pointerDown(stage, { clientX: 100 });
    fireEvent.pointerUp(stage, { clientX: 110 });
    expect(image().getAttribute('src')).toBe('/api/market/resources/r1/covers/0');
  });

  it('shows a model’s facts and its stored metrics, formatted', async () => {
    stubMarketApi([
      resourceFixture(2, {
        kind: 'model',
        format: 'tfjs',
        model: {
          task: 'detection',
          network: 'yolo-nano',
          inputSize: 320,
          metrics: { map50: 0.812, map5095: 0.5, loss: 0.0345, note: 'x' },
        },
      }),
    ]);
    renderWithProviders(page, { path: '/resources/detail/r2', locale: 'en' });
    expect(await screen.findByText('Object detection')).toBeTruthy();
    expect(screen.getByText('yolo-nano')).toBeTruthy();
    expect(screen.getByText('320 × 320 px')).toBeTruthy();
    expect(screen.getByTestId('metric-map50').textContent).toBe('mAP@0.581.2%');
    expect(screen.getByTestId('metric-loss').textContent).toBe('Final loss0.0345');
    expect(screen.queryByTestId('metric-note')).toBeNull();
  });

  it('sends a signed-out visitor to sign in, coming back to the checkout or the page', async () => {
    stubMarketApi([dataset, resourceFixture(3, { price: 0 })]);
    renderWithProviders(page, { path: '/resources/detail/r1' });
    const buy = await screen.findByTestId('resource-buy');
    expect(buy.textContent).toBe('로그인하고 구매하기');
    expect(buy.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/console/checkout?resource=r1')}`);
    expect(screen.getByTestId('bookmark-sign-in').getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/resources/detail/r1')}`,
    );
  });

  it('offers buying, getting a free one, the purchase list or the console by who is looking', async () => {
    await signIn();
    stubMarketApi([
      dataset,
      resourceFixture(3, { price: 0 }),
      resourceFixture(4, { purchased: true }),
      resourceFixture(5, { mine: true, approval: 'rejected', rejectReason: 'Blurry covers' }),
    ]);
    const { unmount } = renderWithProviders(page, { path: '/resources/detail/r1' });
    const buy = await screen.findByTestId('resource-buy');
    expect([buy.textContent, buy.getAttribute('href')]).toEqual(['구매하기', '/console/checkout?resource=r1']);
    expect(screen.getByTestId('bookmark-toggle').getAttribute('aria-pressed')).toBe('false');
    unmount();
    const free = renderWithProviders(page, { path: '/resources/detail/r3' });
    expect((await screen.findByTestId('resource-buy')).textContent).toBe('무료로 받기');
    expect(screen.getByTestId('resource-price').textContent).toBe('무료');
    free.unmount();
    const bought = renderWithProviders(page, { path: '/resources/detail/r4' });
    expect((await screen.findByTestId('resource-purchased')).getAttribute('href')).toBe('/console/market/purchases');
    bought.unmount();
    renderWithProviders(page, { path: '/resources/detail/r5' });
    expect((await screen.findByTestId('resource-manage')).getAttribute('href')).toBe('/console/market/resources/r5');
    expect(screen.queryByTestId('bookmark-toggle')).toBeNull();
    expect(screen.getByTestId('resource-not-listed').textContent).toContain('Blurry covers');
  });

  it('bookmarks from the page and rolls back when refused', async () => {
    await signIn();
    const api = stubMarketApi([dataset]);
    api.fail('resources/r1/bookmark', 403, 'forbidden');
    renderWithProviders(page, { path: '/resources/detail/r1' });
    fireEvent.click(await screen.findByTestId('bookmark-toggle'));
    expect(await screen.findByTestId('bookmark-error')).toBeTruthy();
    expect(screen.getByTestId('bookmark-toggle').getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the not-found state for an unknown or hidden resource and for the bare address', async () => {
    stubMarketApi([]);
    renderWithProviders(page, { path: '/resources/detail/nope' });
    expect(await screen.findByTestId('resource-not-found')).toBeTruthy();
    expect(screen.getByRole('link', { name: '마켓으로 돌아가기' }).getAttribute('href')).toBe('/resources');
  });

  it('shows other failures with a retry', async () => {
    const api = stubMarketApi([dataset]);
    api.fail('market/resources/r1', 503, 'internal');
    renderWithProviders(page, { path: '/resources/detail/r1' });
    expect(await screen.findByTestId('market-error')).toBeTruthy();
    api.heal('market/resources/r1');
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Steel cracks');
  });
});
