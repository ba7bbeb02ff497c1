import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { AssistAiPanel } from './AssistAiPanel';
import type { AssistAi, AssistAiState } from './useAssistAi';

const labels = [
  { name: 'cat', color: '#ff0000' },
  { name: 'dog', color: '#0000ff' },
];

function assist(state: AssistAiState, extra: Partial<AssistAi> = {}): AssistAi {
  const proposals = state.status === 'done' ? state.proposals : [];
  return {
    state,
    shown: proposals.filter((p) => p.score >= 0.5),
    threshold: 0.5,
    setThreshold: vi.fn(),
    focus: null,
    setFocus: vi.fn(),
    run: vi.fn(),
    accept: vi.fn(),
    reject: vi.fn(),
    acceptShown: vi.fn(),
    acceptClass: vi.fn(),
    clear: vi.fn(),
    ...extra,
  };
}

const done = (task = 'detection'): AssistAiState => ({
  status: 'done',
  task,
  proposals: [
    { id: 'p1', box: { x: 0, y: 0, width: 50, height: 50 }, label: 0, score: 0.92 },
    { id: 'p2', box: { x: 100, y: 0, width: 50, height: 50 }, label: 1, score: 0.61 },
    { id: 'p3', box: { x: 200, y: 0, width: 50, height: 50 }, label: 1, score: 0.2 },
  ],
  classes: [
    { labelId: 'l2', label: 1, score: 0.8 },
    { labelId: 'l1', label: 0, score: 0.2 },
  ],
  backend: 'wasm',
  ms: 100.2,
  totalMs: 123.4,
  tiles: 4,
});

const props = { projectId: 'p9', noModel: false, checking: false, labels, readOnly: false, onClose: () => {} };

describe('AssistAiPanel', () => {
  it('says a model is needed and links to the Training tab, in Korean', async () => {
    renderWithProviders(<AssistAiPanel {...props} assist={assist({ status: 'idle' })} noModel />, { locale: 'ko' });
    const panel = await screen.findByTestId('assist-panel');
    expect(panel.dataset.status).toBe('no-model');
    expect(screen.getByTestId('assist-no-model').textContent).toContain('먼저 모델을 학습하세요');
    expect(screen.getByRole('link').getAttribute('href')).toContain('/console/projects/p9/training');
  });

  it('shows progress while the model loads, and a translated error with a retry', async () => {
    const { unmount } = renderWithProviders(<AssistAiPanel {...props} assist={assist({ status: 'loading' })} />, {
      locale: 'en',
    });
    expect((await screen.findByTestId('assist-progress')).textContent).toBe('Loading the model…');
    unmount();
    const a = assist({ status: 'error', code: 'download_failed' });
    renderWithProviders(<AssistAiPanel {...props} assist={a} />, { locale: 'en' });
    const error = await screen.findByTestId('assist-error');
    expect(error.dataset.code).toBe('download_failed');
    expect(error.textContent).toContain('could not be downloaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(a.run).toHaveBeenCalledTimes(1);
  });

  it('lists the proposals above the threshold with scores; accepts, rejects, accepts all', async () => {
    const a = assist(done());
    renderWithProviders(<AssistAiPanel {...props} assist={a} />, { locale: 'en' });
    const rows = await screen.findAllByTestId('assist-proposal');
    expect(rows.map((r) => r.textContent?.replace(/[✓✕]/g, ''))).toEqual(['cat92%', 'dog61%']);
    expect(screen.getByTestId('assist-count').textContent).toBe('2 proposals shown of 3');
    expect(screen.getByTestId('assist-panel').dataset.backend).toBe('wasm');
    expect(screen.getByText('wasm · 123 ms · 4 tile(s)')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('assist-accept')[1]!);
    expect(a.accept).toHaveBeenCalledWith('p2');
    fireEvent.click(screen.getAllByTestId('assist-reject')[0]!);
    expect(a.reject).toHaveBeenCalledWith('p1');
    const all = screen.getByTestId('assist-accept-all');
    expect(all.textContent).toBe('Accept all ≥ 50% (2)');
    fireEvent.click(all);
    expect(a.acceptShown).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByTestId('assist-threshold'), { target: { value: '0.15' } });
    expect(a.setThreshold).toHaveBeenCalledWith(0.15);
  });

  it('read-only: proposals are shown but cannot be accepted', async () => {
    renderWithProviders(<AssistAiPanel {...props} readOnly assist={assist(done())} />, { locale: 'en' });
    await screen.findAllByTestId('assist-proposal');
    expect(screen.getAllByTestId('assist-accept').every((b) => b.hasAttribute('disabled'))).toBe(true);
    expect(screen.getByTestId('assist-accept-all').hasAttribute('disabled')).toBe(true);
  });

  it('classification: the proposed classes best first, one click sets the class', async () => {
    const a = assist(done('classification'));
    renderWithProviders(<AssistAiPanel {...props} assist={a} />, { locale: 'en' });
    const rows = await screen.findAllByTestId('assist-class');
    expect(rows.map((r) => r.textContent)).toEqual(['dog80%Set class', 'cat20%Set class']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Set class' })[0]!);
    expect(a.acceptClass).toHaveBeenCalledWith('l2');
  });
});
