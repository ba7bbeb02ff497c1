import { useQuery } from '@tanstack/react-query';
import {
  FINAL_TRAINING_STATUSES,
  trainerListSchema,
  trainingCreatedSchema,
  trainingListSchema,
  trainingPreviewSchema,
} from '../../../../contract/apiTraining';
import type { TrainingCreate, TrainingSplit } from '../../../../contract/apiTraining';
import type { z } from 'zod';
import { modelListSchema } from '../../../../contract/apiModels';
import { apiFetch } from '../../../api/apiFetch';

/** The trainings and models calls of contract/apiTraining.ts and apiModels.ts that the console reads. */

const p = (projectId: string) => `projects/${encodeURIComponent(projectId)}`;

/** Under ['project', id] so that leaving or deleting a project drops them with the rest. */
export const trainingKeys = {
  list: (projectId: string) => ['project', projectId, 'trainings'] as const,
  preview: (projectId: string, split: TrainingSplit, labelIds: readonly string[]) =>
    ['project', projectId, 'trainings', 'preview', split, [...labelIds].sort()] as const,
  models: (projectId: string) => ['project', projectId, 'models'] as const,
  trainers: ['trainers'] as const,
};

export const trainingApi = {
  list: (projectId: string) => apiFetch(`${p(projectId)}/trainings`, { schema: trainingListSchema }),
  preview: (projectId: string, split: TrainingSplit, labelIds: readonly string[]) =>
    apiFetch(`${p(projectId)}/training-preview`, {
      method: 'POST',
      body: { split, labelIds },
      schema: trainingPreviewSchema,
    }),
  create: (projectId: string, settings: TrainingCreate) =>
    apiFetch(`${p(projectId)}/trainings`, { method: 'POST', body: settings, schema: trainingCreatedSchema }),
  trainers: () => apiFetch('trainers', { schema: trainerListSchema }),
  models: (projectId: string) => apiFetch(`${p(projectId)}/models`, { schema: modelListSchema }),
};

type TrainingList = z.infer<typeof trainingListSchema>;

/** While a training is queued or running its row moves: ask again this often. */
export const RUNNING_REFETCH_MS = 3000;

/** How soon to ask for the history again: every few seconds while a training is queued or running, else never. */
export function refetchWhileRunning(data: TrainingList | undefined): number | false {
  return data?.items.some((training) => !FINAL_TRAINING_STATUSES.includes(training.status))
    ? RUNNING_REFETCH_MS
    : false;
}

/** The history, newest first; refreshed every few seconds while any training is still going. */
export function useTrainings(projectId: string) {
  return useQuery({
    queryKey: trainingKeys.list(projectId),
    queryFn: () => trainingApi.list(projectId),
    refetchInterval: (query) => refetchWhileRunning(query.state.data),
  });
}

export function useModels(projectId: string) {
  return useQuery({ queryKey: trainingKeys.models(projectId), queryFn: () => trainingApi.models(projectId) });
}

/** Trainers come and go (heartbeats): asked again every 10 s while shown. */
export function useTrainers(enabled = true) {
  return useQuery({
    queryKey: trainingKeys.trainers,
    queryFn: trainingApi.trainers,
    refetchInterval: 10_000,
    enabled,
  });
}
