import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TrainingCreate } from '../../../../../contract/apiTraining';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../../test/stubFetch';
import { labelsFixture, projectFixture } from '../../projects/projectsTestData';
import { modelFixture, trainerFixture } from '../trainingTestData';
import { atStep, next, PATH, savedWizard, wizardAnswers, wizardPage as page } from './wizardTestKit';

signedInConsoleTests();
// The wizard keeps its form per project in sessionStorage: each test starts without one.
beforeEach(() => sessionStorage.clear());

/** Usable images per label in the preview stub. */
const IMAGES: Record<string, number> = { l1: 30, l2: 5 };

function preview(call: StubCall) {
  const { labelIds, split } = call.body as { labelIds: string[]; split: { train: number; validation: number } };
  const images = labelIds.reduce((sum, id) => sum + (IMAGES[id] ?? 0), 0);
  const train = Math.round((images * split.train) / 100);
  const validation = Math.round((images * split.validation) / 100);
  return json(200, {
    images,
    splitCounts: { train, validation, test: images - train - validation },
    perLabel: labelsFixture.map((l) => ({ labelId: l.id, images: IMAGES[l.id]!, annotations: IMAGES[l.id]! * 2 })),
    annotationType: 'box',
  });
}

function stubApi(over: Record<string, (call: StubCall) => Response> = {}) {
  return stubFetch({
    ...wizardAnswers(),
    'POST projects/p1/training-preview': preview,
    'POST projects/p1/trainings': () => json(202, { trainingId: 't9' }),
    ...over,
  });
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
/** Waits for the counts of the current selection, then goes on. */
async function nextAfterCounts() {
  await waitFor(() => expect(screen.getByTestId('split-counts').textContent).toMatch(/\d/));
  next();
}

describe('new-training wizard', () => {
  it('checks each step before Next, keeps values on Back, and starts with the chosen settings', async () => {
    const calls = stubApi();
    const { location } = renderWithProviders(page, { path: PATH });
    await atStep('split');
    expect(screen.getByTestId('wizard-step-split').getAttribute('aria-current')).toBe('step');

    // Custom ratios that do not sum to 100.
    fireEvent.click(screen.getByTestId('split-custom').querySelector('input')!);
    type('split-train', '50');
    type('split-validation', '30');
    type('split-test', '30');
    next();
    expect((await screen.findByTestId('step-error')).textContent).toBe('비율의 합은 100%여야 합니다.');
    await atStep('split');
    type('split-test', '20');
    const seedBefore = screen.getByTestId('wizard-seed').textContent;
    fireEvent.click(screen.getByTestId('split-reroll'));
    expect(screen.getByTestId('wizard-seed').textContent).not.toBe(seedBefore);
    await waitFor(() => expect(screen.getByTestId('split-counts').textContent).toContain('학습 18'));
    next();

    // Datasets: only 'dog' (5 images) is under the minimum of 10.
    await atStep('datasets');
    fireEvent.click(screen.getByTestId('labels-none'));
    expect((await screen.findByTestId('step-error')).textContent).toBe('라벨 클래스를 하나 이상 고르세요.');
    const dog = screen.getAllByTestId('dataset-label')[1]!;
    fireEvent.click(dog.querySelector('input')!);
    await waitFor(() =>
      expect(screen.getByTestId('step-error').textContent).toBe('학습에는 최소 10개의 데이터셋이 필요합니다.'),
    );
    next();
    await atStep('datasets');
    fireEvent.click(screen.getByTestId('labels-all'));
    await waitFor(() => expect(screen.getByTestId('dataset-total').textContent).toContain('이미지 35개'));
    expect(screen.getAllByTestId('dataset-label-counts')[0]!.textContent).toBe('이미지 30개 · 어노테이션 60개');
    expect(screen.queryByTestId('step-error')).toBeNull();
    next();

    // Back keeps the custom split.
    await atStep('pretrained');
    fireEvent.click(screen.getByTestId('wizard-back'));
    fireEvent.click(screen.getByTestId('wizard-back'));
    await atStep('split');
    expect(input('split-test').value).toBe('20');
    next();
    await atStep('datasets');
    await waitFor(() => expect(screen.getByTestId('dataset-total').textContent).toContain('35'));
    next();

    await atStep('pretrained');
    expect(screen.getByTestId('pretrained-market').querySelector('input')!.disabled).toBe(true);
    expect(screen.getByTestId('pretrained-model').querySelector('input')!.disabled).toBe(true);
    next();
    await atStep('network');
    expect(screen.getByTestId('network-detector-compact').querySelector('input')!.checked).toBe(true);
    next();

    // Settings: iterations 1–100 and a learning rate in range; defaults are the detection ones.
    await atStep('settings');
    expect(input('iterations').value).toBe('30');
    expect(input('inputSize').value).toBe('256');
    type('iterations', '0');
    type('learningRate', 'abc');
    next();
    expect((await screen.findByTestId('iterations-error')).textContent).toBe('1에서 100 사이의 정수를 입력해주세요.');
    expect(screen.getByTestId('learning-rate-error').textContent).toBe('올바른 값이 아닙니다.');
    type('iterations', '101');
    expect(screen.getByTestId('iterations-error').textContent).toBe('1에서 100 사이의 정수를 입력해주세요.');
    type('iterations', '12');
    type('learningRate', '0.005');
    fireEvent.click(screen.getByTestId('augmentation-brightness'));
    next();

    await atStep('tag');
    type('modelTag', 'x'.repeat(21));
    next();
    expect((await screen.findByTestId('tag-error')).textContent).toBe('20자 초과되었습니다.');
    type('modelTag', 'night-v2');
    next();

    await atStep('server');
    expect(screen.getByTestId('trainer-auto').querySelector('input')!.checked).toBe(true);
    // 35 images + 18 train × 2 augmented copies at 50 ms, then 12 × 54 samples × 0.5 ms: 3.874 s.
    expect(screen.getAllByTestId('trainer-estimate')[0]!.textContent).toBe('예상 소요 시간: 4초');
    next();

    await atStep('overview');
    expect(screen.getByTestId('wizard-overview').textContent).toContain('night-v2');
    fireEvent.click(screen.getByTestId('wizard-start'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/console/projects/p1/trainings/t9'));
    const post = calls.find((c) => c.method === 'POST' && c.path === 'projects/p1/trainings');
    const body = post!.body as TrainingCreate;
    expect(body.split).toMatchObject({ mode: 'custom', train: 50, validation: 30, test: 20 });
    expect(body.split.seed).not.toBe(1);
    expect(body.labelIds).toEqual(['l1', 'l2']);
    expect(body.pretrained).toEqual({ kind: 'backbone', backbone: 'mobilenet-v2' });
    expect(body.network).toBe('detector-compact');
    expect(body.hyperparameters).toEqual({
      iterations: 12,
      batchSize: 16,
      learningRate: 0.005,
      inputSize: 256,
      augmentation: { enabled: true, flip: true, shift: true, brightness: false },
    });
    expect(body.modelTag).toBe('night-v2');
    expect(body.trainerId).toBe('auto');
    expect(await screen.findByText('학습이 시작되었습니다.')).toBeTruthy();
    // A started training leaves no half-filled wizard behind.
    expect(sessionStorage.getItem('maru.trainingWizard.p1')).toBeNull();
  });

  it('keeps a half-filled wizard across a reload', async () => {
    stubApi();
    const first = renderWithProviders(page, { path: PATH });
    await atStep('split');
    fireEvent.click(screen.getByTestId('split-custom').querySelector('input')!);
    type('split-train', '60');
    type('split-validation', '20');
    type('split-test', '20');
    await nextAfterCounts();
    await atStep('datasets');
    first.unmount();
    renderWithProviders(page, { path: PATH });
    await atStep('datasets');
    expect(screen.getByTestId('wizard-restored')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wizard-back'));
    await atStep('split');
    expect(input('split-train').value).toBe('60');
  });

  it('with no trainer online says so on the server step and does not go on', async () => {
    savedWizard(6, { labelIds: null, augmentation: { enabled: true, flip: true, shift: true, brightness: true } });
    stubApi({ 'GET trainers': () => json(200, { items: [trainerFixture({ online: false })] }) });
    renderWithProviders(page, { path: PATH, locale: 'en' });
    await atStep('server');
    expect(screen.getByTestId('trainer-unavailable').textContent).toContain(
      'The learning server did not receive the request normally.',
    );
    expect(screen.getByTestId('trainer-option').querySelector('input')!.disabled).toBe(true);
    next();
    await atStep('server');
  });

  it('shows a refusal of Start on the step it concerns', async () => {
    savedWizard(7);
    stubApi({ 'POST projects/p1/trainings': () => apiError(503, 'trainer_unavailable') });
    renderWithProviders(page, { path: PATH });
    await atStep('overview');
    await waitFor(() => expect(screen.getByTestId('wizard-overview').textContent).toContain('30'));
    fireEvent.click(screen.getByTestId('wizard-start'));
    await atStep('server');
    expect((await screen.findByTestId('wizard-problem')).textContent).toBe(
      '학습 서버가 요청을 정상적으로 받지 못했습니다.',
    );
  });

  it('binds the network and input size to a previous model chosen as the start', async () => {
    stubApi({
      'GET projects/p1/models': () =>
        json(200, { items: [modelFixture({ inputSize: 320 }), modelFixture({ id: 'c1', task: 'classification' })] }),
    });
    renderWithProviders(page, { path: PATH });
    await atStep('split');
    await nextAfterCounts();
    await atStep('datasets');
    await waitFor(() => expect(screen.getByTestId('dataset-total').textContent).toContain('35'));
    next();
    await atStep('pretrained');
    fireEvent.click(screen.getByTestId('pretrained-model').querySelector('input')!);
    // Only the detection model of this project is offered.
    expect(input('pretrained-model').querySelectorAll('option')).toHaveLength(1);
    next();
    await atStep('network');
    expect(screen.getByTestId('network-bound')).toBeTruthy();
    next();
    await atStep('settings');
    expect(input('inputSize').value).toBe('320');
  });

  it('says segmentation cannot train yet and never passes the network step', async () => {
    stubApi({ 'GET projects/p1': () => json(200, projectFixture({ subtype: 'IMAGE_SEGMENTATION' })) });
    renderWithProviders(page, { path: PATH, locale: 'en' });
    await atStep('split');
    await nextAfterCounts();
    await atStep('datasets');
    await waitFor(() => expect(screen.getByTestId('dataset-total').textContent).toContain('35'));
    next();
    await atStep('pretrained');
    next();
    await atStep('network');
    expect(screen.getByTestId('network-unavailable').textContent).toContain('not available yet');
    next();
    await atStep('network');
  });

  it('tells a worker that only admins and members train', async () => {
    const calls = stubApi({ 'GET projects/p1': () => json(200, projectFixture({ role: 'worker' })) });
    renderWithProviders(page, { path: PATH });
    expect((await screen.findByTestId('wizard-forbidden')).textContent).toContain(
      '학습은 프로젝트 관리자와 멤버만 시작할 수 있습니다.',
    );
    expect(calls.some((c) => c.path === 'trainers')).toBe(false);
  });
});
