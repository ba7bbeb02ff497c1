import { estimateTrainingSeconds, type Trainer } from '../../../../../contract/apiTraining';
import type { PreviewState } from './stepProps';
import { autoTrainer, type WizardForm } from './wizardForm';

/** The trainer a choice stands for ('auto': the one autoTrainer would be estimated with). */
export function trainerOf(form: Pick<WizardForm, 'trainerId'>, trainers: readonly Trainer[]): Trainer | null {
  return form.trainerId === 'auto' ? autoTrainer(trainers) : (trainers.find((t) => t.id === form.trainerId) ?? null);
}

/** Seconds this data would take on `trainer`, or null while counts or speeds are unknown. */
export function estimateFor(trainer: Trainer | null, form: WizardForm, preview: PreviewState): number | null {
  if (!trainer || !preview.data) return null;
  const iterations = Number(form.iterations);
  if (!Number.isFinite(iterations) || iterations < 1) return null;
  return estimateTrainingSeconds(
    trainer,
    preview.data.images,
    preview.data.splitCounts.train,
    iterations,
    form.augmentation.enabled,
  );
}
