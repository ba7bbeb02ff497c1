import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { AtlasIndex } from '../../../../../contract/apiAtlas';
import { paths } from '../../../../../contract/routes';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { json, stubFetch, type StubHandler } from '../../../../test/stubFetch';
import ProjectPage from '../../projects/ProjectPage';
import { imageFixture, labelsFixture, me, projectFixture } from '../../projects/projectsTestData';

signedInConsoleTests();

const emptyAtlas: AtlasIndex = { cellSize: 128, columns: 16, total: 0, processing: 0, pages: [] };
const atlasOf = (n: number, processing = 0): AtlasIndex => ({
  cellSize: 128,
  columns: 16,
  total: n,
  processing,
  pages: [
    {
      key: 'k'.repeat(64),
      url: `projects/p1/atlas/${'k'.repeat(64)}.webp`,
      images: Array.from({ length: n }, (_, i) => ({
        id: `i${i}`,
        fileName: `img-${i}.jpg`,
        state: i < processing ? ('processing' as const) : ('ready' as const),
        width: 64,
        height: 48,
      })),
    },
  ],
});

function render(handlers: Record<string, StubHandler>, locale: 'ko' | 'en' = 'ko', project = projectFixture()) {
  const calls = stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, project),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/images': () => json(200, { items: [imageFixture()], total: 1, nextCursor: null }),
    'GET projects/p1/tags': () => json(200, []),
    ...handlers,
  });
  renderWithProviders(
    <Route path={paths.consoleProject}>
      <ProjectPage />
    </Route>,
    { path: '/console/projects/p1', locale },
  );
  return calls;
}

describe('list / gallery toggle', () => {
  it('starts on the list and switches to the gallery, which asks for the atlas with the filters', async () => {
    const calls = render({ 'GET projects/p1/atlas': () => json(200, emptyAtlas) });
    expect(await screen.findByTestId('image-list')).toBeTruthy();
    const list = screen.getByRole('button', { name: '목록' });
    const gallery = screen.getByRole('button', { name: '갤러리' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(gallery.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(gallery);
    expect(await screen.findByTestId('gallery-panel')).toBeTruthy();
    expect(screen.queryByTestId('image-list')).toBeNull();
    expect(gallery.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls.some((c) => c.path === 'projects/p1/atlas')).toBe(true));
    const before = calls.filter((c) => c.path === 'projects/p1/atlas').length;
    fireEvent.change(screen.getByRole('combobox', { name: '정렬' }), { target: { value: 'name' } });
    await waitFor(() => expect(calls.filter((c) => c.path === 'projects/p1/atlas').length).toBe(before + 1));
    fireEvent.click(list);
    expect(await screen.findByTestId('image-list')).toBeTruthy();
  });

  it("shows '데이터가 없습니다.' when the project has no images", async () => {
    render({ 'GET projects/p1/atlas': () => json(200, emptyAtlas) });
    fireEvent.click(await screen.findByRole('button', { name: '갤러리' }));
    expect((await screen.findByTestId('empty-state')).textContent).toContain('데이터가 없습니다.');
    expect(screen.queryByTestId('dataset-viewer')).toBeNull();
  });

  it('says so, in English, when the browser has no WebGL (jsdom has none), with the list still there', async () => {
    render({ 'GET projects/p1/atlas': () => json(200, atlasOf(5, 2)) }, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Gallery' }));
    expect((await screen.findByTestId('viewer-unavailable')).textContent).toContain(
      'This browser cannot use WebGL, so the gallery cannot be shown.',
    );
    expect(screen.queryByTestId('dataset-viewer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(await screen.findByTestId('image-list')).toBeTruthy();
  });

  it('asks for 64 px cells when the project has more than 1,024 images', async () => {
    render({ 'GET projects/p1/atlas': () => json(200, emptyAtlas) }, 'ko', projectFixture({ imageCount: 10_000 }));
    const stubbed = globalThis.fetch;
    const urls: string[] = [];
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      urls.push(String(input));
      return stubbed(input, init);
    });
    fireEvent.click(await screen.findByRole('button', { name: '갤러리' }));
    await screen.findByTestId('empty-state');
    expect(urls.find((u) => u.includes('/atlas'))).toMatch(/[?&]cell=64(&|$)/);
  });
});
