import { z } from 'zod';

/*
 * The job kinds of training and models. A training may be sent to one registered trainer: its
 * job kind then names that trainer, and only that trainer's runner has a handler for it.
 */

export const TRAINING_RUN_JOB = 'training.run';
export const AUTO_LABEL_JOB = 'model.autolabel';

/** The job kind for a training: any trainer ('auto') or the named one. */
export function trainingJobKind(trainerId: string): string {
  return trainerId === 'auto' ? TRAINING_RUN_JOB : `${TRAINING_RUN_JOB}:${trainerId}`;
}

export const trainingJobPayloadSchema = z.object({ trainingId: z.string() });
export type TrainingJobPayload = z.infer<typeof trainingJobPayloadSchema>;

/** The run's row in auto_label_runs has the same id as its job. */
export const autoLabelJobPayloadSchema = z.object({
  modelId: z.string(),
  threshold: z.number(),
  limit: z.number().int().nullable(),
});
export type AutoLabelJobPayload = z.infer<typeof autoLabelJobPayloadSchema>;
