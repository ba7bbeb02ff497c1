import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall, type StubHandler } from '../../../test/stubFetch';
import ProjectPage from '../projects/ProjectPage';
import { imageFixture, labelsFixture, me, projectFixture } from '../projects/projectsTestData';

signedInConsoleTests();

const three = [
  imageFixture({ id: 'i1', fileName: 'a.jpg' }),
  imageFixture({ id: 'i2', fileName: 'b.jpg' }),
  imageFixture({ id: 'i3', fileName: 'c.jpg' }),
];

function render(
  handlers: Record<string, StubHandler> = {},
  { role = 'admin' as 'admin' | 'member', path = '/console/projects/p1', locale = 'ko' as 'ko' | 'en' } = {},
) {
  let deleted = new Set<string>();
  const calls = stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture({ role })),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/images': () => {
      const items = three.filter((i) => !deleted.has(i.id));
      return json(200, { items, total: items.length + 40, nextCursor: null });
    },
    'GET projects/p1/tags': () => json(200, []),
    'POST projects/p1/image-deletions': (c: StubCall) => {
      const body = c.body as { imageIds?: string[]; dryRun?: boolean };
      const n = body.imageIds?.length ?? 41;
      if (!body.dryRun) deleted = new Set([...deleted, ...(body.imageIds ?? [])]);
      return json(200, { images: n, annotations: n * 3 });
    },
    ...handlers,
  });
  const view = renderWithProviders(
    <Route path={paths.consoleProject}>
      <ProjectPage />
    </Route>,
    { path, locale },
  );
  return { calls, location: view.location };
}

const posts = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('deleting images from the list', () => {
  it('deletes the ticked images after a confirmation with the dry run counts', async () => {
    const { calls } = render();
    await screen.findAllByTestId('image-card');
    fireEvent.click(screen.getByRole('checkbox', { name: 'a.jpg 선택' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'c.jpg 선택' }));
    const bar = await screen.findByTestId('selection-bar');
    await waitFor(() => expect(within(bar).getByTestId('selection-count').textContent).toBe('2개 선택됨'));
    fireEvent.click(within(bar).getByRole('button', { name: '삭제' }));
    expect((await screen.findByTestId('image-delete-body')).textContent).toBe(
      '이미지 2개와 주석 6개를 삭제하시겠습니까? 되돌릴 수 없습니다.',
    );
    expect(posts(calls)).toEqual([{ imageIds: ['i1', 'i3'], dryRun: true }]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(posts(calls)).toContainEqual({ imageIds: ['i1', 'i3'], dryRun: false }));
    // The list is read again: only b.jpg is left, and nothing stays selected.
    await waitFor(() => expect(screen.getAllByTestId('image-card')).toHaveLength(1));
    expect(screen.queryByTestId('selection-bar')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('selects all matching the filter, less the unticked ones', async () => {
    const { calls } = render({}, { path: '/console/projects/p1?split=test' });
    await screen.findAllByTestId('image-card');
    fireEvent.click(screen.getByRole('checkbox', { name: '이 페이지의 이미지 선택' }));
    await waitFor(() => expect(screen.getByTestId('selection-count').textContent).toBe('3개 선택됨'));
    fireEvent.click(await screen.findByRole('button', { name: '필터에 맞는 이미지 43개 모두 선택' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'b.jpg 선택' }));
    await waitFor(() => expect(screen.getByTestId('selection-count').textContent).toBe('42개 선택됨'));
    fireEvent.click(screen.getByTestId('selection-delete'));
    await screen.findByTestId('image-delete-body');
    expect(posts(calls)).toEqual([{ filter: { split: 'test' }, exceptIds: ['i2'], dryRun: true }]);
  });

  it("says 'An error occurred while deleting.' and keeps the list when the delete fails", async () => {
    const { calls } = render(
      {
        'POST projects/p1/image-deletions': (c) =>
          (c.body as { dryRun?: boolean }).dryRun
            ? json(200, { images: 1, annotations: 0 })
            : apiError(500, 'server_error'),
      },
      { locale: 'en' },
    );
    await screen.findAllByTestId('image-card');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for b.jpg' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect((await screen.findByTestId('image-delete-body')).textContent).toBe(
      'Delete 1 image and its 0 annotations? This cannot be undone.',
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('image-delete-failed')).textContent).toBe('An error occurred while deleting.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getAllByTestId('image-card')).toHaveLength(3);
    expect(posts(calls)).toEqual([
      { imageIds: ['i2'], dryRun: true },
      { imageIds: ['i2'], dryRun: false },
    ]);
  });

  it('shows members no checkboxes and no delete', async () => {
    render({}, { role: 'member' });
    await screen.findAllByTestId('image-card');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('image-menu')).toBeNull();
  });
});

describe('filters in the URL', () => {
  it('reads the filters from a shared URL, ignoring invalid values', async () => {
    const { calls } = render({}, { path: '/console/projects/p1?split=test&sort=name&labeled=maybe&q=cat' });
    const filters = await screen.findByTestId('image-filters');
    await screen.findAllByTestId('image-card');
    expect((within(filters).getByRole('combobox', { name: '분할' }) as HTMLSelectElement).value).toBe('test');
    expect((within(filters).getByRole('combobox', { name: '라벨링' }) as HTMLSelectElement).value).toBe('');
    expect((within(filters).getByRole('searchbox', { name: '파일 이름 검색' }) as HTMLInputElement).value).toBe('cat');
    expect(calls.some((c) => c.path === 'projects/p1/images')).toBe(true);
  });

  it('writes filter changes into the URL, one history entry per choice', async () => {
    const { location } = render();
    const filters = await screen.findByTestId('image-filters');
    fireEvent.change(within(filters).getByRole('combobox', { name: '분할' }), { target: { value: 'validation' } });
    fireEvent.change(within(filters).getByRole('combobox', { name: '정렬' }), { target: { value: 'size' } });
    const search = within(filters).getByRole('searchbox', { name: '파일 이름 검색' });
    for (const text of ['d', 'do', 'dog']) fireEvent.change(search, { target: { value: text } });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console/projects/p1?split=validation&sort=size&q=dog'));
    // Typing replaced its own entry: the choices and the first keystroke each added one.
    expect(location.history).toEqual([
      '/console/projects/p1',
      '/console/projects/p1?split=validation',
      '/console/projects/p1?split=validation&sort=size',
      '/console/projects/p1?split=validation&sort=size&q=dog',
    ]);
    act(() => location.navigate('/console/projects/p1?split=test'));
    await waitFor(() =>
      expect((within(filters).getByRole('combobox', { name: '분할' }) as HTMLSelectElement).value).toBe('test'),
    );
  });
});
