import type { ModelManifest, ModelUploadErrorCode } from '../../contract/apiModels';
import type { Task } from '../../contract/apiTraining';

/** What a project needs of an uploaded model: its task and the label names it has. */
export interface ModelTarget {
  /** null where the project type trains no model yet (segmentation): any task mismatches. */
  task: Task | null;
  labelNames: readonly string[];
}

/** The worker's answer: a summary to show before sending, or the refusal's code. */
export type ModelCheckResult =
  | { ok: true; task: Task; network: ModelManifest['network']; inputSize: number; labels: string[]; tag: string | null }
  | { ok: false; code: ModelUploadErrorCode; detail: string | null };

/**
 * The project's side of an upload, after ml/modelZip's checks: the task must be the project's
 * (a project type that trains nothing yet fits no model) and every label the manifest names must
 * exist in it, compared as the server compares label names (trimmed, case-blind). Answers the
 * summary the dialog shows.
 */
/** A label name as names are compared: trimmed, case-blind. */
const labelKey = (name: string) => name.trim().toLowerCase();

export function modelFit(manifest: ModelManifest, target: ModelTarget): ModelCheckResult {
  if (manifest.task !== target.task) return { ok: false, code: 'model_task_mismatch', detail: null };
  const known = new Set(target.labelNames.map(labelKey));
  const unknown = manifest.labels.map((label) => label.name).filter((name) => !known.has(labelKey(name)));
  if (unknown.length > 0) return { ok: false, code: 'model_labels_unknown', detail: unknown.join(', ') };
  return {
    ok: true,
    task: manifest.task,
    network: manifest.network,
    inputSize: manifest.inputSize,
    labels: manifest.labels.map((label) => label.name),
    tag: manifest.tag,
  };
}
