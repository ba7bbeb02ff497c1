import type { Model } from '../../../../contract/apiModels';

/** The metrics a model row shows, by task: accuracy, or mAP@0.5 and mAP@[.5:.95]. */
export const METRICS_BY_TASK: Record<Model['task'], readonly string[]> = {
  classification: ['accuracy'],
  detection: ['map50', 'map5095'],
};

/** [text key, value] pairs of the known metrics the model has (a model may lack some, e.g. an upload). */
export function modelMetrics(model: Pick<Model, 'task' | 'metrics'>): [string, number][] {
  return METRICS_BY_TASK[model.task]
    .filter((name) => typeof model.metrics[name] === 'number' && Number.isFinite(model.metrics[name]))
    .map((name) => [name, model.metrics[name]!]);
}
