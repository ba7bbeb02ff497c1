import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubHandler } from '../../../test/stubFetch';
import ProjectPage from '../projects/ProjectPage';
import { imageFixture, labelsFixture, me, projectFixture } from '../projects/projectsTestData';

signedInConsoleTests();

const page = (
  <Route path={paths.consoleProject}>
    <ProjectPage />
  </Route>
);

function render(handlers: Record<string, StubHandler> = {}, locale: 'ko' | 'en' = 'ko') {
  const calls = stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture()),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/images': () => json(200, { items: [imageFixture()], total: 1, nextCursor: null }),
    'GET projects/p1/tags': () => json(200, ['야간', '주간']),
    ...handlers,
  });
  renderWithProviders(page, { path: '/console/projects/p1', locale });
  return calls;
}

describe('label classes', () => {
  it.each([
    ['', '#00ff00', '값을 입력해주세요.'],
    ['123456789', '#00ff00', '8자 초과되었습니다.'],
    [' CAT ', '#00ff00', '이미 사용 중인 라벨 이름입니다.'],
    ['bird', '#E53935', '이미 사용 중인 라벨 색상입니다.'],
  ])('name %j colour %s: %s, nothing sent', async (name, color, message) => {
    const calls = render();
    const form = await screen.findByTestId('label-add');
    await screen.findAllByTestId('label-row');
    fireEvent.change(within(form).getByPlaceholderText('라벨 이름'), { target: { value: name } });
    fireEvent.input(form.querySelector('input[type="color"]')!, { target: { value: color } });
    fireEvent.submit(form);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a label with a free palette colour', async () => {
    const calls = render({
      'POST projects/p1/labels': (c) => json(201, { id: 'l3', position: 2, annotationCount: 0, ...(c.body as object) }),
    });
    const form = await screen.findByTestId('label-add');
    await screen.findAllByTestId('label-row');
    fireEvent.change(within(form).getByPlaceholderText('라벨 이름'), { target: { value: ' bird ' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'bird', color: '#43a047' }),
    );
  });

  it('asks before deleting, with the number of annotations that go with the label', async () => {
    const calls = render({
      'GET projects/p1/labels/l1/usage': () => json(200, { annotations: 7, images: 3 }),
      'DELETE projects/p1/labels/l1': () => json(200, { deletedAnnotations: 7 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '삭제 cat' }));
    expect((await screen.findByTestId('label-delete-body')).textContent).toBe(
      "'cat' 라벨을 삭제하면 이 라벨이 붙은 주석 7개도 함께 삭제됩니다.",
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '삭제' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === 'projects/p1/labels/l1')).toBe(true),
    );
  });

  it('a duplicate name from the server shows under the rename field', async () => {
    render(
      {
        'PATCH projects/p1/labels/l2': () =>
          apiError(400, 'validation', { fields: { name: 'validation:label.nameTaken' } }),
      },
      'en',
    );
    const rows = await screen.findAllByTestId('label-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Rename' }));
    fireEvent.change(within(rows[1]!).getByRole('textbox', { name: 'Label name' }), { target: { value: 'wolf' } });
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Save' }));
    expect(await within(rows[1]!).findByText('This label name is already in use.')).toBeTruthy();
  });
});

describe('upload rules', () => {
  it('without a label nothing can be uploaded', async () => {
    render({ 'GET projects/p1/labels': () => json(200, []) });
    expect((await screen.findByTestId('upload-blocked')).textContent).toBe(
      '데이터를 업로드하려면 먼저 라벨 클래스를 하나 이상 추가해 주세요.',
    );
    expect((screen.getByTestId('upload-files') as HTMLInputElement).disabled).toBe(true);
    expect(await screen.findByTestId('labels-empty')).toBeTruthy();
  });

  it('folder upload is blocked above 10 labels', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({
      id: `l${i}`,
      name: `c${i}`,
      color: `#0000${String(i).padStart(2, '0')}`,
      position: i,
      annotationCount: 0,
    }));
    render({ 'GET projects/p1/labels': () => json(200, many) });
    await screen.findAllByTestId('label-row');
    expect(screen.queryByTestId('upload-blocked')).toBeNull();
    fireEvent.click(screen.getByTestId('upload-folder'));
    expect((await screen.findByTestId('upload-blocked')).textContent).toBe(
      '라벨 클래스가 10개를 넘으면 폴더 업로드를 할 수 없습니다.',
    );
  });
});

describe('image list', () => {
  it('shows type, resolution, worker, labeled state, split and tags', async () => {
    render({
      'GET projects/p1/images': () =>
        json(200, {
          items: [
            imageFixture({
              labeled: true,
              worker: { name: '박작업', email: 'park@maru.ai' },
              split: 'validation',
              labelIds: ['l1'],
            }),
          ],
          total: 1,
          nextCursor: null,
        }),
    });
    const card = await screen.findByTestId('image-card');
    expect(card.textContent).toContain('image/jpeg');
    expect(card.textContent).toContain('640 × 480');
    expect(card.textContent).toContain('박작업');
    expect(card.textContent).toContain('라벨링 완료');
    expect(card.textContent).toContain('검증');
    expect(card.textContent).toContain('cat');
    expect(within(card).getByTestId('image-tag').textContent).toBe('야간');
  });

  it('filters by tag, label, labeled state and split through the query', async () => {
    const calls = render();
    // stubFetch keys calls by path; keep the full addresses to see the query strings.
    const urls: string[] = [];
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      urls.push(input);
      return stubbed(input, init);
    });
    const filters = await screen.findByTestId('image-filters');
    await waitFor(() =>
      expect([...filters.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))).toEqual([
        '야간',
        '주간',
      ]),
    );
    fireEvent.change(within(filters).getByRole('combobox', { name: '태그' }), { target: { value: '야간' } });
    fireEvent.change(within(filters).getByRole('combobox', { name: '라벨' }), { target: { value: 'l2' } });
    fireEvent.change(within(filters).getByRole('combobox', { name: '라벨링' }), { target: { value: 'false' } });
    fireEvent.change(within(filters).getByRole('combobox', { name: '분할' }), { target: { value: 'test' } });
    fireEvent.change(within(filters).getByRole('combobox', { name: '정렬' }), { target: { value: 'name' } });
    await waitFor(() => {
      expect(urls.at(-1)).toContain(
        'projects/p1/images?tag=%EC%95%BC%EA%B0%84&label=l2&labeled=false&split=test&sort=name',
      );
    });
    expect(calls.filter((c) => c.path === 'projects/p1/images').length).toBeGreaterThan(1);
  });

  it('says 데이터가 없습니다. when nothing matches', async () => {
    render({ 'GET projects/p1/images': () => json(200, { items: [], total: 0, nextCursor: null }) });
    const list = await screen.findByTestId('image-list');
    expect((await within(list).findByTestId('empty-state')).textContent).toContain('데이터가 없습니다.');
  });

  it('refuses a duplicate tag with "Duplicate tag name." and sends a new one', async () => {
    const calls = render(
      {
        'PUT projects/p1/images/i1/tags': (c) => json(200, imageFixture({ tags: (c.body as { tags: string[] }).tags })),
      },
      'en',
    );
    const editor = await screen.findByTestId('tag-editor');
    const input = within(editor).getByRole('textbox', { name: 'Add tag' });
    fireEvent.change(input, { target: { value: '야간' } });
    fireEvent.submit(input.closest('form')!);
    expect((await within(editor).findByTestId('tag-error')).textContent).toBe('Duplicate tag name.');
    fireEvent.change(input, { target: { value: '1234567' } });
    fireEvent.submit(input.closest('form')!);
    expect((await within(editor).findByTestId('tag-error')).textContent).toBe('Exceeded 6 characters.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(input, { target: { value: '주간' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tags: ['야간', '주간'] }));
  });
});
