import { TRAINING_STEPS, type Training, type TrainingStep } from '../../../../../contract/apiTraining';

/** How one step of the indicator looks. */
export type StepState = 'done' | 'current' | 'pending' | 'failed' | 'stopped';

/**
 * The state of each of the six steps (spec section 4) for a training: the steps before its
 * current one are done; the current one is in progress, or where it failed or was stopped; the
 * rest wait. A completed training has every step done.
 */
export function stepStates(training: Pick<Training, 'status' | 'step'>): { step: TrainingStep; state: StepState }[] {
  const at = TRAINING_STEPS.indexOf(training.step);
  return TRAINING_STEPS.map((step, i) => {
    if (training.status === 'completed') return { step, state: 'done' };
    if (i < at) return { step, state: 'done' };
    if (i > at) return { step, state: 'pending' };
    if (training.status === 'failed') return { step, state: 'failed' };
    if (training.status === 'stopped') return { step, state: 'stopped' };
    return { step, state: 'current' };
  });
}

/** Whole seconds as "1 h 02 min", "3 min 05 s" or "42 s" (the ETA and durations). */
export function formatDuration(seconds: number, units: { h: string; min: string; s: string }): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h} ${units.h} ${pad(m)} ${units.min}`;
  if (m > 0) return `${m} ${units.min} ${pad(s)} ${units.s}`;
  return `${s} ${units.s}`;
}

/** A 0–1 figure as a percentage with one decimal ("93.3%"), or '—' when there is none. */
export function percent(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** A loss or score with up to four significant decimals, or '—'. */
export function decimal(value: number | null | undefined, digits = 4): string {
  return value == null || !Number.isFinite(value) ? '—' : value.toFixed(digits);
}
