import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch } from '../../../test/stubFetch';
import ConsoleHomePage from '../ConsoleHomePage';
import ProjectPage from './ProjectPage';
import { SUBTYPE_ICONS } from './SubtypeIcon';
import { imageFixture, labelsFixture, me, projectFixture } from './projectsTestData';

signedInConsoleTests();

const projectPage = (
  <Route path={paths.consoleProject}>
    <ProjectPage />
  </Route>
);

async function openCreateDialog() {
  fireEvent.click(await screen.findByTestId('project-create-open'));
  return screen.findByTestId('project-create');
}

describe('project list', () => {
  it('shows each project as a card with its subtype icon, title, counts and role', async () => {
    stubFetch({
      'GET auth/user': () => json(200, me),
      'GET projects': () =>
        json(200, [
          projectFixture(),
          projectFixture({
            id: 'p2',
            title: '음성',
            kind: 'AUDIO',
            subtype: 'AUDIO_SPEECH_RECOGNITION',
            role: 'member',
            imageCount: 1,
          }),
        ]),
    });
    renderWithProviders(<ConsoleHomePage />, { path: '/console' });
    const cards = await screen.findAllByTestId('project-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('불량 검출');
    expect(cards[0]!.textContent).toContain('이미지 12개');
    expect(cards[0]!.textContent).toContain('관리자');
    expect(cards[1]!.querySelector('[data-subtype-icon="AUDIO_SPEECH_RECOGNITION"]')).not.toBeNull();
    expect(within(cards[1]!).getByTestId('project-role').textContent).toBe('멤버');
  });

  it('says 데이터가 없습니다. when there is no project', async () => {
    stubFetch({ 'GET auth/user': () => json(200, me), 'GET projects': () => json(200, []) });
    renderWithProviders(<ConsoleHomePage />, { path: '/console' });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('데이터가 없습니다.');
  });

  it('has a distinct icon for each of the twenty subtypes', () => {
    expect(Object.keys(SUBTYPE_ICONS)).toHaveLength(20);
    expect(new Set(Object.values(SUBTYPE_ICONS)).size).toBe(20);
  });
});

describe('create dialog', () => {
  it.each([
    ['', '값을 입력해주세요.'],
    ['가'.repeat(21), '20자 초과되었습니다.'],
    [' 공백', '공백으로 시작할 수 없습니다.'],
    ['불량#검출', '한글,영문,숫자 외의 문자가 입력되었습니다.'],
  ])('title %j gives the exact message %s and sends nothing', async (title, message) => {
    const calls = stubFetch({ 'GET auth/user': () => json(200, me), 'GET projects': () => json(200, []) });
    renderWithProviders(<ConsoleHomePage />, { path: '/console' });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /프로젝트 이름/ }), { target: { value: title } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    expect((await screen.findByTestId('title-error')).textContent).toBe(message);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it.each([
    ['가'.repeat(101), '100자 초과되었습니다.'],
    ['설명 <script>', '적절하지 않은 문자가 입력되었습니다.'],
  ])('description %#: %s', async (description, message) => {
    stubFetch({ 'GET auth/user': () => json(200, me), 'GET projects': () => json(200, []) });
    renderWithProviders(<ConsoleHomePage />, { path: '/console' });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /프로젝트 이름/ }), { target: { value: '검사' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /설명/ }), { target: { value: description } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    expect((await screen.findByTestId('description-error')).textContent).toBe(message);
  });

  it('shows the English texts under /en', async () => {
    stubFetch({ 'GET auth/user': () => json(200, me), 'GET projects': () => json(200, []) });
    renderWithProviders(<ConsoleHomePage />, { path: '/console', locale: 'en' });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Project name/ }), { target: { value: ' x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('title-error')).textContent).toBe('Cannot start with blanks.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Project name/ }), { target: { value: 'a!' } });
    expect(screen.getByTestId('title-error').textContent).toBe('It cannot be done with special characters.');
  });

  it('creates with the chosen kind and subtype, then opens the project', async () => {
    const calls = stubFetch({
      'GET auth/user': () => json(200, me),
      'GET projects': () => json(200, []),
      'POST projects': (call) =>
        json(
          201,
          projectFixture({
            id: 'new1',
            title: (call.body as { title: string }).title,
            kind: 'TEXT',
            subtype: 'TEXT_SUMMARIZATION',
          }),
        ),
    });
    const { location } = renderWithProviders(<ConsoleHomePage />, { path: '/console' });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /프로젝트 이름/ }), {
      target: { value: '요약 프로젝트' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '데이터 종류' }), { target: { value: 'TEXT' } });
    expect(within(dialog).getByTestId('files-only')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: '프로젝트 유형' }), {
      target: { value: 'TEXT_SUMMARIZATION' },
    });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console/projects/new1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: '요약 프로젝트',
      description: '',
      subtype: 'TEXT_SUMMARIZATION',
    });
  });

  it('shows the server’s field message under its field', async () => {
    stubFetch({
      'GET auth/user': () => json(200, me),
      'GET projects': () => json(200, []),
      'POST projects': () => apiError(400, 'validation', { fields: { title: 'validation:max20' } }),
    });
    renderWithProviders(<ConsoleHomePage />, { path: '/console' });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /프로젝트 이름/ }), { target: { value: '검사' } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    expect((await screen.findByTestId('title-error')).textContent).toBe('20자 초과되었습니다.');
  });
});

describe('project page', () => {
  const datasetHandlers = {
    'GET auth/user': () => json(200, me),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/images': () => json(200, { items: [imageFixture()], total: 1, nextCursor: null }),
  };

  it('a deleted project (410) says so', async () => {
    stubFetch({ ...datasetHandlers, 'GET projects/p1': () => apiError(410, 'gone') });
    renderWithProviders(projectPage, { path: '/console/projects/p1' });
    expect((await screen.findByTestId('project-problem')).textContent).toContain('삭제된 프로젝트입니다.');
  });

  it('a 403 says "You do not have permission" in English', async () => {
    stubFetch({ ...datasetHandlers, 'GET projects/p1': () => apiError(403, 'forbidden') });
    renderWithProviders(projectPage, { path: '/console/projects/p1', locale: 'en' });
    expect((await screen.findByTestId('project-problem')).textContent).toContain('You do not have permission');
  });

  it('other kinds show their files and mark labeling and training as not available yet', async () => {
    stubFetch({
      ...datasetHandlers,
      'GET projects/p1': () => json(200, projectFixture({ kind: 'AUDIO', subtype: 'AUDIO_SOUND_CLASSIFICATION' })),
    });
    renderWithProviders(projectPage, { path: '/console/projects/p1' });
    expect((await screen.findByTestId('not-available')).textContent).toContain('준비 중');
    expect(await screen.findByTestId('image-card')).toBeTruthy();
  });

  it('deletes the project after confirmation and goes back to the list', async () => {
    const calls = stubFetch({
      ...datasetHandlers,
      'GET projects/p1': () => json(200, projectFixture()),
      'GET projects/p1/members': () =>
        json(200, [
          {
            userId: 'u1',
            name: '김라벨',
            email: 'kim@maru.ai',
            avatar: null,
            role: 'admin',
            joinedAt: '2026-01-01T00:00:00Z',
          },
        ]),
      'DELETE projects/p1': () => json(204),
    });
    const { location } = renderWithProviders(projectPage, { path: '/console/projects/p1/settings' });
    fireEvent.click(await screen.findByTestId('project-delete'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: '삭제' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'projects/p1')).toBe(true);
  });

  it('the schedule needs a repeat cycle while enabled', async () => {
    const calls = stubFetch({
      ...datasetHandlers,
      'GET projects/p1': () => json(200, projectFixture()),
      'GET projects/p1/members': () => json(200, []),
      'PUT projects/p1/schedule': () => json(200, projectFixture({ schedule: { enabled: true, cycle: 'weekend' } })),
    });
    renderWithProviders(projectPage, { path: '/console/projects/p1/settings', locale: 'en' });
    const schedule = await screen.findByTestId('project-schedule');
    fireEvent.click(within(schedule).getByRole('checkbox', { name: 'Use a learning schedule' }));
    fireEvent.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    expect(await within(schedule).findByText('Please select a repeat cycle.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(schedule).getByRole('combobox'), { target: { value: 'weekend' } });
    fireEvent.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true, cycle: 'weekend' }),
    );
  });

  it('split ratios must add up to 100; re-roll sends reroll: true', async () => {
    const calls = stubFetch({
      ...datasetHandlers,
      'GET projects/p1': () => json(200, projectFixture()),
      'GET projects/p1/members': () => json(200, []),
      'PUT projects/p1/split': () =>
        json(200, projectFixture({ split: { train: 70, validation: 20, test: 10, seed: 99 } })),
    });
    renderWithProviders(projectPage, { path: '/console/projects/p1/settings' });
    const split = await screen.findByTestId('project-split');
    fireEvent.change(within(split).getByRole('spinbutton', { name: '학습' }), { target: { value: '80' } });
    fireEvent.click(within(split).getByRole('button', { name: '비율 저장' }));
    expect(await within(split).findByText('비율의 합은 100%여야 합니다.')).toBeTruthy();
    fireEvent.change(within(split).getByRole('spinbutton', { name: '학습' }), { target: { value: '70' } });
    fireEvent.click(within(split).getByRole('button', { name: '다시 섞기' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        train: 70,
        validation: 20,
        test: 10,
        reroll: true,
      }),
    );
    expect((await screen.findByTestId('split-seed')).textContent).toBe('시드 99');
  });
});
