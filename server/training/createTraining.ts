import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  NETWORKS_BY_SUBTYPE,
  TASK_OF_NETWORK,
  type Network,
  TRAINING_MIN_IMAGES,
  type Task,
  type TrainingCreate,
} from '../../contract/apiTraining';
import { V } from '../../contract/validationMessages';
import type { Db } from '../db/Db';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { enqueueJob } from '../jobs/jobQueue';
import { trainingJobKind } from './jobKinds';
import { trainerAvailable } from './trainingViews';
import { annotationTypeOf, selectTrainingData, type TrainingSelection } from './trainingSelection';

/** A training job may be taken again this many times (a trainer that dies resumes from its checkpoint). */
export const TRAINING_JOB_ATTEMPTS = 3;

export interface TrainingProject {
  id: string;
  subtype: string;
}

const invalid = (field: string, message: string) =>
  new ApiError('validation', 'The training settings do not fit this project.', { fields: { [field]: message } });

/** The task the project's type trains, or null (segmentation has no network yet). */
export function taskOfSubtypeOrNull(subtype: string): Task | null {
  const first = NETWORKS_BY_SUBTYPE[subtype]?.[0];
  return first ? TASK_OF_NETWORK[first] : null;
}

/** The task the project's type trains; 400 `validation` on `network` when it has none (segmentation). */
export function taskOfProject(project: TrainingProject): Task {
  const task = taskOfSubtypeOrNull(project.subtype);
  if (!task) throw invalid('network', V.trainingNetwork);
  return task;
}

/** 400 `validation` on `network` unless the project's type trains with it. */
export function checkNetwork(project: TrainingProject, network: string): Task {
  const allowed: readonly string[] = NETWORKS_BY_SUBTYPE[project.subtype] ?? [];
  if (!allowed.includes(network)) throw invalid('network', V.trainingNetwork);
  return TASK_OF_NETWORK[network as Network];
}

/** 400 `validation` on `labelIds` unless every id is a label of the project. */
export async function checkLabels(db: Db, projectId: string, labelIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(labelIds)];
  if (wanted.length === 0) return;
  const known = await db
    .selectFrom('labels')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', wanted)
    .execute();
  if (known.length !== wanted.length) throw invalid('labelIds', V.trainingLabels);
}

/**
 * The checks of the settings that need the database: the network fits the project's type, every
 * label is the project's, a previous model is this project's with the same network and input
 * size. 400 `validation` naming the field otherwise. Returns the task.
 */
export async function checkTrainingSettings(db: Db, project: TrainingProject, settings: TrainingCreate): Promise<Task> {
  const task = checkNetwork(project, settings.network);
  await checkLabels(db, project.id, settings.labelIds);
  if (settings.pretrained.kind === 'model') {
    const model = await db
      .selectFrom('models')
      .select(['task', 'network', 'input_size'])
      .where('project_id', '=', project.id)
      .where('id', '=', settings.pretrained.modelId)
      .executeTakeFirst();
    if (
      !model ||
      model.task !== task ||
      model.network !== settings.network ||
      Number(model.input_size) !== settings.hyperparameters.inputSize
    )
      throw invalid('pretrained.modelId', V.trainingPretrained);
  }
  return task;
}

/** 400 `training_too_few_images` unless the selection has enough images and a non-empty train split. */
export function requireEnoughImages(selection: TrainingSelection): void {
  const { images, splitCounts } = selection.preview;
  if (images < TRAINING_MIN_IMAGES || splitCounts.train === 0)
    throw new ApiError(
      'training_too_few_images',
      `Training needs at least ${TRAINING_MIN_IMAGES} labeled images and a non-empty train split.`,
    );
}

export interface CreateTrainingInput {
  project: TrainingProject;
  settings: TrainingCreate;
  createdBy: string | null;
  trigger: 'manual' | 'schedule';
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '23505' || (typeof e.message === 'string' && /UNIQUE constraint failed/i.test(e.message));
}

/**
 * Checks the settings, counts the data and, when a trainer can take it, writes the trainings row
 * and its job in one transaction (the job's kind names the trainer when one was chosen). Nothing
 * is stored when a check fails: 400 `validation`, 400 `training_too_few_images`, 503
 * `trainer_unavailable`. The per-project number is max + 1; two creations racing for it are
 * told apart by the unique index and the loser takes the next number.
 */
export async function createTraining(
  db: Kysely<Database>,
  now: () => Date,
  input: CreateTrainingInput,
): Promise<{ trainingId: string; jobId: string }> {
  const { project, settings } = input;
  const task = await checkTrainingSettings(db, project, settings);
  const selection = await selectTrainingData(db, project.id, task, settings.labelIds, settings.split);
  requireEnoughImages(selection);
  if (!(await trainerAvailable(db, settings.trainerId, now())))
    throw new ApiError('trainer_unavailable', 'The learning server did not receive the request normally.');

  const tag = settings.modelTag?.trim() || null;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('trainings')
          .select((eb) => eb.fn.max('number').as('n'))
          .where('project_id', '=', project.id)
          .executeTakeFirst();
        const id = randomUUID();
        const at = now().toISOString();
        const jobId = await enqueueJob(trx, now, {
          kind: trainingJobKind(settings.trainerId),
          projectId: project.id,
          payload: { trainingId: id },
          maxAttempts: TRAINING_JOB_ATTEMPTS,
        });
        await trx
          .insertInto('trainings')
          .values({
            id,
            project_id: project.id,
            number: Number(last?.n ?? 0) + 1,
            job_id: jobId,
            settings: JSON.stringify({ ...settings, modelTag: tag ?? undefined }),
            network: settings.network,
            task,
            annotation_type: annotationTypeOf(task),
            model_tag: tag,
            trigger: input.trigger,
            dataset_count: selection.preview.images,
            split_counts: JSON.stringify(selection.preview.splitCounts),
            epochs: settings.hyperparameters.iterations,
            created_by: input.createdBy,
            created_at: at,
            updated_at: at,
          })
          .execute();
        return { trainingId: id, jobId };
      });
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}
