// The save layer journals to IndexedDB, which happy-dom lacks.
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubHandler } from '../../../test/stubFetch';
import ImageViewerPage from '../image/ImageViewerPage';
import { imageFixture, labelsFixture, me, projectFixture } from '../projects/projectsTestData';

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

function render(
  imageId: string,
  handlers: Record<string, StubHandler>,
  {
    locale = 'ko',
    project = projectFixture(),
  }: { locale?: 'ko' | 'en'; project?: ReturnType<typeof projectFixture> } = {},
) {
  const calls = stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, project),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/images': () => json(200, { items: list, total: list.length, nextCursor: null }),
    ...handlers,
  });
  const view = renderWithProviders(
    <Route path={paths.consoleProjectImage}>
      <ImageViewerPage />
    </Route>,
    { path: `/console/projects/p1/images/${imageId}`, locale },
  );
  return { calls, view };
}

/** A key as the studio hears it: by its physical code (the IME may turn `key` into 'Process'). */
function press(code: string, key = 'Process') {
  fireEvent.keyDown(window, { code, key });
}

describe('studio states', () => {
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
    render('i2', {
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
    expect(screen.queryByTestId('studio-toolbar')).toBeNull();
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
    // The annotations route answers 404 here: drawn as none.
    expect((await screen.findByTestId('viewer-annotations')).textContent).toBe('어노테이션 없음');
    expect((await screen.findByTestId('viewer-position')).textContent).toBe('2 / 3');
    // happy-dom has no WebGL: the engine says so, and the page shows it.
    const fatal = await screen.findByTestId('viewer-fatal');
    expect(fatal.dataset.code).toBe('webgl_unavailable');
    expect(fatal.textContent).toContain('WebGL 2를 사용할 수 없거나');
    // Detection offers boxes, not polygons; assist AI is there (it says when a model is needed).
    expect(screen.getByTestId('tool-box')).toBeTruthy();
    expect(screen.queryByTestId('tool-polygon')).toBeNull();
    expect(screen.getByTestId('tool-assistAi')).toBeTruthy();
  });

  it('steps to the next image with the button and back with A (by physical key, IME on)', async () => {
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
    press('KeyA');
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/console/projects/p1/images/i2'));
    expect(await screen.findByText('2 / 3')).toBeTruthy();
  });

  it('counts the annotations of the image per label class, and 1–9 pick the class of the next drawing', async () => {
    render('i2', {
      'GET projects/p1/images/i2': () =>
        json(200, imageFixture({ id: 'i2', fileName: 'big.png', tiles: pyramid, labeled: true })),
      'GET projects/p1/images/i2/annotations': () =>
        json(200, {
          imageId: 'i2',
          revision: 3,
          annotations: [
            { id: 'a1', labelId: 'l1', kind: 'box', x: 10, y: 10, width: 40, height: 40, version: 1 },
            { id: 'a2', labelId: 'l2', kind: 'box', x: 100, y: 10, width: 40, height: 40, version: 1 },
            { id: 'a3', labelId: 'l2', kind: 'box', x: 200, y: 10, width: 40, height: 40, version: 2 },
          ],
        }),
    });
    await waitFor(() => expect(screen.getByTestId('viewer-annotations').textContent).toBe('어노테이션 3개'));
    expect(screen.getAllByTestId('palette-count').map((c) => c.textContent)).toEqual(['1', '2']);
    expect(screen.getAllByTestId('annotation-row')).toHaveLength(3);
    const items = () => screen.getAllByTestId('palette-item').map((i) => i.dataset.active);
    expect(items()).toEqual(['true', 'false']);
    press('Digit2');
    await waitFor(() => expect(items()).toEqual(['false', 'true']));
    // A key beyond the project's classes changes nothing.
    press('Digit7');
    expect(items()).toEqual(['false', 'true']);
  });

  it('classification: 1–9 give the image its class, and with the option on go to the next image', async () => {
    const { view } = render(
      'i2',
      {
        'GET projects/p1/images/i2': () => json(200, imageFixture({ id: 'i2', fileName: 'big.png', tiles: pyramid })),
        'GET projects/p1/images/i3': () => json(200, imageFixture({ id: 'i3', fileName: 'last.png', tiles: pyramid })),
      },
      { project: projectFixture({ subtype: 'IMAGE_CLASSIFICATION' }) },
    );
    await screen.findByText('2 / 3');
    expect(screen.queryByTestId('tool-box')).toBeNull();
    expect(screen.queryByTestId('annotation-list')).toBeNull();
    const items = () => screen.getAllByTestId('palette-item').map((i) => i.dataset.active);
    expect(items()).toEqual(['false', 'false']);
    press('Digit2');
    await waitFor(() => expect(items()).toEqual(['false', 'true']));
    expect(view.location.history.at(-1)).toBe('/console/projects/p1/images/i2');
    fireEvent.click(screen.getByText('지정한 뒤 다음 이미지로 이동'));
    await waitFor(() => expect(screen.getByTestId('studio-advance').dataset.state).toBe('checked'));
    press('Digit1');
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/console/projects/p1/images/i3'));
  });

  it('segmentation starts on the polygon tool and offers the box too', async () => {
    render(
      'i2',
      { 'GET projects/p1/images/i2': () => json(200, imageFixture({ id: 'i2', fileName: 'big.png', tiles: pyramid })) },
      { project: projectFixture({ subtype: 'IMAGE_SEGMENTATION' }) },
    );
    expect(await screen.findByTestId('tool-polygon')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('tool-polygon').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('tool-box')).toBeTruthy();
    expect(screen.getByTestId('annotation-list')).toBeTruthy();
  });

  it('a project without label classes says so, with a link to the dataset tab', async () => {
    render('i2', {
      'GET projects/p1/labels': () => json(200, []),
      'GET projects/p1/images/i2': () => json(200, imageFixture({ id: 'i2', fileName: 'big.png', tiles: pyramid })),
    });
    const notice = await screen.findByTestId('studio-no-labels');
    expect(notice.textContent).toContain('라벨 클래스가 하나 이상 있어야 합니다.');
    expect(screen.getByTestId('studio-no-labels-link').getAttribute('href')).toBe('/console/projects/p1');
    expect(screen.queryByTestId('viewer-canvas')).toBeNull();
  });

  it('an unknown image says so', async () => {
    render('zz', { 'GET projects/p1/images/zz': () => apiError(404, 'not_found') }, { locale: 'en' });
    expect((await screen.findByTestId('viewer-problem')).textContent).toContain('The image was not found.');
  });
});
