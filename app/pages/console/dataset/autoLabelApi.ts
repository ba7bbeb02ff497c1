import { useQuery } from '@tanstack/react-query';
import { autoLabelJobSchema, modelListSchema, type AutoLabelCreate, type Model } from '../../../../contract/apiModels';
import { trainingSchema } from '../../../../contract/apiTraining';
import { z } from 'zod';
import { apiFetch } from '../../../api/apiFetch';

const project = (projectId: string) => `projects/${encodeURIComponent(projectId)}`;

export const autoLabelKeys = {
  models: (projectId: string) => ['project', projectId, 'models'] as const,
  job: (projectId: string, jobId: string) => ['project', projectId, 'auto-labels', jobId] as const,
};

/** The project's models (newest first); workers may not list them, so the caller asks only for members and admins. */
export function useModels(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: autoLabelKeys.models(projectId),
    queryFn: ({ signal }) => apiFetch(`${project(projectId)}/models`, { schema: modelListSchema, signal }),
    enabled,
  });
}

export function startAutoLabel(projectId: string, body: AutoLabelCreate) {
  return apiFetch(`${project(projectId)}/auto-labels`, {
    method: 'POST',
    body,
    schema: z.object({ jobId: z.string() }),
  });
}

/** An auto-label job, asked again every second until it is done or failed. */
export function useAutoLabelJob(projectId: string, jobId: string | null) {
  return useQuery({
    queryKey: autoLabelKeys.job(projectId, jobId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`${project(projectId)}/auto-labels/${encodeURIComponent(jobId!)}`, {
        schema: autoLabelJobSchema,
        signal,
      }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : 1000;
    },
  });
}

export const THRESHOLD_MIN = 0.05;
export const THRESHOLD_MAX = 0.99;
const FALLBACK_THRESHOLD = { classification: 0.5, detection: 0.3 } as const;

const clampThreshold = (v: number) => Math.round(Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, v)) * 100) / 100;

/** The best threshold a model's metrics name, if any (the evaluation's best F1). */
export function metricsThreshold(model: Pick<Model, 'metrics'>): number | null {
  const value = model.metrics.bestThreshold ?? model.metrics.scoreThreshold;
  return typeof value === 'number' && Number.isFinite(value) ? clampThreshold(value) : null;
}

/**
 * The threshold auto labeling starts at for a model: its best F1 threshold when known (from its
 * metrics, else from its training's detection evaluation), else a default for its task.
 */
export function useDefaultThreshold(projectId: string, model: Model | undefined) {
  const fromMetrics = model ? metricsThreshold(model) : null;
  const trainingId = model?.trainingId ?? null;
  const training = useQuery({
    queryKey: ['project', projectId, 'trainings', trainingId ?? ''],
    queryFn: ({ signal }) =>
      apiFetch(`${project(projectId)}/trainings/${encodeURIComponent(trainingId!)}`, {
        schema: trainingSchema,
        signal,
      }),
    enabled: model !== undefined && fromMetrics === null && trainingId !== null,
    staleTime: 60_000,
  });
  if (!model) return { threshold: null, best: null, pending: false };
  if (fromMetrics !== null) return { threshold: fromMetrics, best: fromMetrics, pending: false };
  const evaluation = training.data?.evaluation;
  const best = evaluation?.task === 'detection' ? clampThreshold(evaluation.bestThreshold.score) : null;
  return {
    threshold: best ?? FALLBACK_THRESHOLD[model.task],
    best,
    pending: trainingId !== null && training.isPending,
  };
}
