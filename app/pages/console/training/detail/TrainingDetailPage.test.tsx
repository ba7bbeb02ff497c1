import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { Training } from '../../../../../contract/apiTraining';
import { paths } from '../../../../../contract/routes';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubHandler } from '../../../../test/stubFetch';
import { imageFixture, labelsFixture, me, projectFixture } from '../../projects/projectsTestData';
import TrainingDetailPage from './TrainingDetailPage';
import { classificationEvaluation, detectionEvaluation, epochs, trainingFixture } from './trainingTestData';

signedInConsoleTests();

/** The per-class table's cells, row by row (label name first). */
function perClassRows(): string[][] {
  return screen.getAllByTestId('per-class-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  );
}

/** An event stream whose body is the given messages, then closed. */
function sse(...trainings: Training[]): Response {
  const text = trainings
    .map((t) => `event: training\ndata: ${JSON.stringify({ ...t, evaluation: null })}\n\n`)
    .join('');
  // Cut mid-message, as a network would.
  const cut = Math.floor(text.length / 2);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(text.slice(0, cut)));
      controller.enqueue(encoder.encode(text.slice(cut)));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

function render(handlers: Record<string, StubHandler>, locale: 'ko' | 'en' = 'en') {
  const calls = stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture({ subtype: 'IMAGE_CLASSIFICATION' })),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    ...handlers,
  });
  const view = renderWithProviders(
    <Route path={paths.consoleProjectTraining}>
      <TrainingDetailPage />
    </Route>,
    { path: '/console/projects/p1/trainings/t1', locale },
  );
  return { calls, ...view };
}

const imageHandlers: Record<string, StubHandler> = Object.fromEntries(
  ['i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7', 'i8'].map((id) => [
    `GET projects/p1/images/${id}`,
    () => json(200, imageFixture({ id, fileName: `${id}.png`, width: 200, height: 100 })),
  ]),
);

describe('training page: live progress', () => {
  it('follows the event stream to completion, then loads the evaluation', async () => {
    let gets = 0;
    const done = trainingFixture({
      status: 'completed',
      step: 'completed',
      progress: 1,
      epoch: 5,
      history: epochs(5),
      evaluation: classificationEvaluation,
    });
    render({
      'GET projects/p1/trainings/t1': () => json(200, ++gets === 1 ? trainingFixture() : done),
      'GET projects/p1/trainings/t1/events': () =>
        sse(
          trainingFixture({ epoch: 3, history: epochs(3), step: 'learning' }),
          trainingFixture({ status: 'running', step: 'testing', epoch: 5, history: epochs(5), progress: 0.95 }),
          { ...done, evaluation: null },
        ),
      ...imageHandlers,
    });
    expect(await screen.findByTestId('evaluation-classification')).toBeTruthy();
    expect(gets).toBe(2);
    expect(screen.getByTestId('training-status').textContent).toBe('Completed');
    const steps = screen.getAllByTestId('training-step');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(Array(6).fill('done'));
    expect(screen.getByTestId('training-epoch').textContent).toBe('5 / 5');
    expect(screen.getByTestId('training-charts').getAttribute('data-epochs')).toBe('5');
    const lossTable = within(screen.getByTestId('chart-loss')).getByRole('table', { hidden: true });
    expect(within(lossTable).getAllByRole('row', { hidden: true })).toHaveLength(6);
    expect(screen.getByTestId('evaluation-accuracy').textContent).toBe('66.7%');
    expect(perClassRows()).toEqual([
      ['cat', '75.0%', '100.0%', '85.7%', '3'],
      ['dog', '50.0%', '33.3%', '40.0%', '3'],
    ]);
    expect(screen.queryByTestId('training-stop')).toBeNull();
  });

  it('shows the running step, the figures and ETA, and stops only after confirmation', async () => {
    const { calls } = render({
      'GET projects/p1/trainings/t1': () => json(200, trainingFixture()),
      'GET projects/p1/trainings/t1/events': () => new Response(new ReadableStream(), { status: 200 }),
      'POST projects/p1/trainings/t1/stop': () => json(202, trainingFixture({ stopRequested: true })),
    });
    const current = await screen.findByRole('listitem', { current: 'step' });
    expect(current.getAttribute('data-step')).toBe('learning');
    expect(screen.getByTestId('training-eta').textContent).toBe('2 min 05 s');
    expect(screen.getByTestId('training-accuracy').textContent).toBe('60.0%');
    fireEvent.click(screen.getByTestId('training-stop'));
    expect((await screen.findByTestId('training-stop-body')).textContent).toContain('#3');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/stop'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('training-stop').textContent).toBe('Stopping…'));
  });

  it('says why a training failed, in Korean too', async () => {
    render(
      {
        'GET projects/p1/trainings/t1': () =>
          json(200, trainingFixture({ status: 'failed', step: 'downloading', error: 'image_unreadable' })),
      },
      'ko',
    );
    expect((await screen.findByTestId('training-error')).textContent).toBe(
      '데이터셋 이미지를 읽을 수 없었습니다. 스튜디오에서 이미지가 열리는지 확인해 주세요.',
    );
    const states = screen.getAllByTestId('training-step').map((s) => s.getAttribute('data-state'));
    expect(states).toEqual(['done', 'failed', 'pending', 'pending', 'pending', 'pending']);
  });

  it('a training of another project is not found', async () => {
    render({ 'GET projects/p1/trainings/t1': () => apiError(404, 'not_found') });
    expect((await screen.findByTestId('training-problem')).textContent).toContain(
      'This training does not exist in this project.',
    );
  });
});

describe('training page: evaluation', () => {
  const completed = (evaluation: Training['evaluation'], over: Partial<Training> = {}) =>
    json(200, trainingFixture({ status: 'completed', step: 'completed', progress: 1, evaluation, ...over }));

  it('a confusion cell opens its images, each linking to the studio with the predictions', async () => {
    render({ 'GET projects/p1/trainings/t1': () => completed(classificationEvaluation), ...imageHandlers });
    const cells = await screen.findAllByTestId('confusion-cell');
    expect(cells.map((c) => c.textContent)).toEqual(['3', '0', '2', '1']);
    expect(cells.filter((c) => c.hasAttribute('data-diagonal')).map((c) => c.textContent)).toEqual(['3', '1']);
    expect((cells[1] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(cells[2]!);
    const gallery = await screen.findByTestId('confusion-gallery');
    const images = within(gallery).getAllByTestId('evaluation-image');
    expect(images.map((i) => i.getAttribute('data-image'))).toEqual(['i4', 'i5']);
    const link = await within(images[0]!).findByTestId('evaluation-image-open');
    expect(link.getAttribute('href')).toBe('/console/projects/p1/images/i4?training=t1');
    expect(gallery.textContent).toContain('cat');
    expect(gallery.textContent).toContain('dog');
  });

  it('the threshold slider shows the evaluation entry it points at, starting at the best F1', async () => {
    render({
      'GET projects/p1/trainings/t1': () =>
        completed(detectionEvaluation, { task: 'detection', network: 'detector-compact' }),
      ...imageHandlers,
    });
    const slider = (await screen.findByTestId('threshold-input')) as HTMLInputElement;
    expect(slider.value).toBe('9');
    expect(screen.getByTestId('threshold-at-best')).toBeTruthy();
    for (const index of [0, 3, 18]) {
      fireEvent.change(slider, { target: { value: String(index) } });
      const entry = detectionEvaluation.thresholds[index]!;
      expect(screen.getByTestId('threshold-score').textContent).toBe(entry.score.toFixed(2));
      expect(screen.getByTestId('threshold-precision').textContent).toBe(`${(entry.precision * 100).toFixed(1)}%`);
      expect(screen.getByTestId('threshold-recall').textContent).toBe(`${(entry.recall * 100).toFixed(1)}%`);
      expect(screen.getByTestId('threshold-f1').textContent).toBe(`${(entry.f1 * 100).toFixed(1)}%`);
    }
    fireEvent.click(screen.getByTestId('threshold-to-best'));
    expect(screen.getByTestId('threshold-score').textContent).toBe('0.50');
    expect(screen.getByTestId('evaluation-map50').textContent).toBe('81.2%');
    expect(screen.getByTestId('evaluation-map5095').textContent).toBe('50.3%');
    expect(perClassRows()).toEqual([
      ['cat', '90.0%', '60.0%', '5'],
      ['dog', '72.4%', '40.6%', '4'],
    ]);
    expect(screen.getByTestId('chart-accuracy').textContent).toContain('mAP@0.5');
  });

  it('the mistakes gallery filters by kind and outlines the box at fault', async () => {
    render({
      'GET projects/p1/trainings/t1': () =>
        completed(detectionEvaluation, { task: 'detection', network: 'detector-compact' }),
      ...imageHandlers,
    });
    const mistakes = await screen.findByTestId('mistakes');
    expect(within(mistakes).getAllByTestId('mistake')).toHaveLength(2);
    fireEvent.click(within(mistakes).getByRole('button', { name: 'Missed (1)' }));
    const shown = within(mistakes).getAllByTestId('mistake');
    expect(shown.map((m) => m.getAttribute('data-image'))).toEqual(['i8']);
    const rect = (await within(shown[0]!).findByTestId('evaluation-box')).querySelector('rect')!;
    expect([rect.getAttribute('x'), rect.getAttribute('y'), rect.getAttribute('width')]).toEqual(['5', '5', '50']);
    expect(within(shown[0]!).getByTestId('evaluation-box').getAttribute('viewBox')).toBe('0 0 200 100');
  });

  it('no test images: a clear note instead of figures', async () => {
    render({
      'GET projects/p1/trainings/t1': () =>
        completed(
          { ...classificationEvaluation, testImages: 0, mistakes: [] },
          { splitCounts: { train: 24, validation: 6, test: 0 } },
        ),
    });
    expect((await screen.findByTestId('evaluation-no-test')).textContent).toContain('No test images');
    expect(screen.queryByTestId('confusion-matrix')).toBeNull();
  });
});
