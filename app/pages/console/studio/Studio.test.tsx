import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubHandler } from '../../../test/stubFetch';
import { imageFixture, labelsFixture, me } from '../projects/projectsTestData';
import ImageViewerPage from './ImageViewerPage';

signedInConsoleTests(6000);

const pyramid = {
  urlTemplate: '/api/projects/p1/images/i2/tiles/{level}/{x}_{y}.jpg',
  tileSize: 512,
  overlap: 0,
  format: 'jpg',
  levels: 13,
};
const list = [
  imageFixture({ id: 'i1', fileName: 'first.png' }),
  imageFixture({ id: 'i2', fileName: 'big.png' }),
  imageFixture({ id: 'i3', fileName: 'last.png' }),
];

function render(imageId: string, handlers: Record<string, StubHandler>, locale: 'ko' | 'en' = 'ko') {
  const calls = stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/images': () => json(200, { items: list, total: list.length, nextCursor: null }),
    ...handlers,
  });
  const view = renderWithProviders(
    <Route path={paths.consoleProjectImage}>
      <ImageViewerPage />
    </Route>,
    {
      path: `/console/projects/p1/images/${imageId}`,
      locale,
    },
  );
  return { calls, view };
}

describe('image viewer states', () => {
  it('processing: a waiting notice, then the image once the poll finds it ready', async () => {
    let polls = 0;
    const { calls } = render('i2', {
      'GET projects/p1/images/i2': () => {
        polls += 1;
        return json(
          200,
          imageFixture({
            id: 'i2',
            fileName: 'big.png',
            width: 3000,
            height: 2000,
            state: polls < 2 ? 'processing' : 'ready',
            tiles: polls < 2 ? null : pyramid,
          }),
        );
      },
    });
    expect((await screen.findByTestId('viewer-processing')).textContent).toContain('이미지를 처리하고 있습니다.');
    expect(screen.queryByTestId('viewer-canvas')).toBeNull();
    expect(await screen.findByTestId('viewer-canvas', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByTestId('viewer-processing')).toBeNull();
    expect(screen.getByTestId('image-viewer').dataset.state).toBe('ready');
    // Annotations are asked for only once the image is ready.
    expect(calls.filter((c) => c.path === 'projects/p1/images/i2/annotations').length).toBeGreaterThan(0);
  });

  it('failed: the translated failure with the server reason, no canvas', async () => {
    const { calls } = render('i2', {
      'GET projects/p1/images/i2': () =>
        json(
          200,
          imageFixture({ id: 'i2', fileName: 'big.png', state: 'failed', error: 'The image could not be processed.' }),
        ),
    });
    const failed = await screen.findByTestId('viewer-failed');
    expect(failed.textContent).toContain('이미지 처리에 실패했습니다.');
    expect(failed.textContent).toContain('원인: The image could not be processed.');
    expect(screen.queryByTestId('viewer-canvas')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/annotations'))).toBe(false);
  });

  it('ready: header facts, neighbours in list order, and a translated message instead of a blank canvas without WebGL', async () => {
    render('i2', {
      'GET projects/p1/images/i2': () =>
        json(
          200,
          imageFixture({
            id: 'i2',
            fileName: 'big.png',
            width: 3000,
            height: 2000,
            split: 'validation',
            labeled: true,
            tiles: pyramid,
          }),
        ),
    });
    expect((await screen.findByTestId('viewer-name')).textContent).toBe('big.png');
    expect(screen.getByTestId('viewer-resolution').textContent).toBe('3000 × 2000 픽셀');
    expect(screen.getByTestId('viewer-split').textContent).toBe('검증');
    expect(screen.getByTestId('viewer-labeled').textContent).toBe('라벨링 완료');
    // The annotations route answers 404 here (not yet on this server): drawn as none.
    expect((await screen.findByTestId('viewer-annotations')).textContent).toBe('주석 없음');
    expect((await screen.findByTestId('viewer-position')).textContent).toBe('2 / 3');
    // happy-dom has no WebGL: the engine says so, and the page shows it.
    const fatal = await screen.findByTestId('viewer-fatal');
    expect(fatal.dataset.code).toBe('webgl_unavailable');
    expect(fatal.textContent).toContain('WebGL 2를 사용할 수 없거나');
  });

  it('steps to the next image with the button and the arrow key', async () => {
    const { view } = render('i2', {
      'GET projects/p1/images/i1': () => json(200, imageFixture({ id: 'i1', fileName: 'first.png', state: 'failed' })),
      'GET projects/p1/images/i2': () => json(200, imageFixture({ id: 'i2', fileName: 'big.png', state: 'failed' })),
      'GET projects/p1/images/i3': () => json(200, imageFixture({ id: 'i3', fileName: 'last.png', state: 'failed' })),
    });
    await screen.findByText('2 / 3');
    fireEvent.click(screen.getByTestId('viewer-next'));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/console/projects/p1/images/i3'));
    await waitFor(() => expect(screen.getByTestId('viewer-name').textContent).toBe('last.png'));
    await screen.findByText('3 / 3');
    expect(screen.getByTestId('viewer-next').hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/console/projects/p1/images/i2'));
    expect(await screen.findByText('2 / 3')).toBeTruthy();
  });

  it('draws the annotations of a server that has the route, counting them', async () => {
    render('i2', {
      'GET projects/p1/images/i2': () =>
        json(200, imageFixture({ id: 'i2', fileName: 'big.png', tiles: pyramid, labeled: true })),
      'GET projects/p1/images/i2/annotations': () =>
        json(200, {
          imageId: 'i2',
          annotations: [
            { id: 'a1', labelId: 'l1', kind: 'box', x: 10, y: 10, width: 40, height: 40 },
            { id: 'a2', labelId: 'l2', kind: 'class', x: 0, y: 0, width: 0, height: 0 },
          ],
        }),
    });
    expect((await screen.findByTestId('viewer-annotations')).textContent).toBe('주석 2개');
    expect(screen.getByText('분류: dog')).toBeTruthy();
  });

  it('an unknown image says so', async () => {
    render('zz', { 'GET projects/p1/images/zz': () => apiError(404, 'not_found') }, 'en');
    expect((await screen.findByTestId('viewer-problem')).textContent).toContain('The image was not found.');
  });
});
