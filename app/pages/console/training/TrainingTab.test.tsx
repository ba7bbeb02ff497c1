import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch } from '../../../test/stubFetch';
import ProjectPage from '../projects/ProjectPage';
import { me, projectFixture } from '../projects/projectsTestData';
import { RUNNING_REFETCH_MS, refetchWhileRunning } from './trainingApi';
import { trainingFixture } from './trainingTestData';

signedInConsoleTests();

const page = (
  <Route path={paths.consoleProject}>
    <ProjectPage />
  </Route>
);

function stub(trainings: unknown[], role: 'admin' | 'member' | 'worker' = 'member') {
  return stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture({ role })),
    'GET projects/p1/trainings': () => json(200, { items: trainings }),
  });
}

describe('training tab', () => {
  it('shows every history field of each training, newest first, and a row opens its training', async () => {
    stub([
      trainingFixture({
        id: 't2',
        number: 2,
        status: 'running',
        step: 'learning',
        progress: 0.42,
        splitType: 'custom',
        modelTag: null,
        endedAt: null,
        epoch: 7,
        epochs: 30,
        accuracy: null,
        loss: 0.5,
        etaSeconds: 125,
      }),
      trainingFixture({ id: 't3', number: 3, status: 'failed', error: 'image_unreadable', progress: 0.1 }),
      trainingFixture({ deployments: [{ id: 'd1', target: 'edge-1', at: '2026-01-04T00:00:00Z' }] }),
    ]);
    const { location } = renderWithProviders(page, { path: '/console/projects/p1/training', locale: 'en' });
    const rows = await screen.findAllByTestId('training-row');
    expect(rows.map((row) => row.dataset.status)).toEqual(['running', 'failed', 'completed']);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'ID',
      'Annotation type',
      'Split type',
      'Model tag',
      'Model type',
      'Datasets',
      'Start',
      'End',
      'Progress',
      'Status',
      'Accuracy',
      'Loss',
      'Epoch',
      'Batch size',
      'Learning rate',
      'Deploy history',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const running = cells(rows[0]!);
    expect(running[0]).toBe('#2');
    expect(running.slice(1, 6)).toEqual(['Box', 'Custom', '—', 'Compact detector', '40']);
    expect(running[7]).toBe('—');
    expect(running[8]).toBe('42% · Learning · 2 min 5 s left');
    expect(running.slice(9)).toEqual(['Running', '—', '0.5', '7 / 30', '16', '0.001', '—']);
    expect(within(rows[1]!).getByTestId('training-error').textContent).toBe("The dataset's images could not be read.");
    const done = cells(rows[2]!);
    expect(done.slice(9, 12)).toEqual(['Completed', '87.3%', '0.1235']);
    expect(done[15]).toContain('edge-1');
    fireEvent.click(within(rows[0]!).getAllByRole('cell')[4]!);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console/projects/p1/trainings/t2'));
  });

  it('offers New training to members, with an explaining empty state', async () => {
    stub([]);
    renderWithProviders(page, { path: '/console/projects/p1/training' });
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('아직 학습이 없습니다.');
    expect(empty.textContent).toContain('이미지를 10개 이상 라벨링한 뒤');
    const links = screen.getAllByTestId('training-new');
    expect(links[0]!.getAttribute('href')).toBe('/console/projects/p1/trainings/new');
    expect(links[0]!.textContent).toBe('새 모델 학습');
  });

  it('does not offer New training to a worker', async () => {
    stub([], 'worker');
    renderWithProviders(page, { path: '/console/projects/p1/training' });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('관리자와 멤버가 시작합니다');
    expect(screen.queryByTestId('training-new')).toBeNull();
  });

  it('asks again every few seconds only while a training is queued or running', () => {
    expect(refetchWhileRunning(undefined)).toBe(false);
    expect(refetchWhileRunning({ items: [trainingFixture(), trainingFixture({ status: 'failed' })] })).toBe(false);
    expect(refetchWhileRunning({ items: [trainingFixture(), trainingFixture({ status: 'queued' })] })).toBe(
      RUNNING_REFETCH_MS,
    );
    expect(refetchWhileRunning({ items: [trainingFixture({ status: 'running' })] })).toBe(RUNNING_REFETCH_MS);
  });
});
