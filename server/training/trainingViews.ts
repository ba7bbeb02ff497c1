import type { Selectable } from 'kysely';
import {
  TRAINER_ONLINE_MS,
  evaluationSchema,
  type EpochMetrics,
  type Evaluation,
  type Trainer,
  type Training,
  type TrainingCreate,
} from '../../contract/apiTraining';
import type { Db } from '../db/Db';
import type { TrainersTable, TrainingsTable } from '../db/schema';

export type TrainingRow = Selectable<TrainingsTable>;
/** A training row with its creator's name (null once the account is gone). */
export type TrainingRowWithCreator = TrainingRow & { creator_name: string | null };

/** Trainings of a project with their creators' names; narrow with `.where(...)`. */
export function selectTrainings(db: Db) {
  return db
    .selectFrom('trainings')
    .leftJoin('users', 'users.id', 'trainings.created_by')
    .selectAll('trainings')
    .select('users.name as creator_name');
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text == null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * The evaluation as stored by the trainer, checked against the contract: a row written by an
 * older trainer that no longer matches shows no evaluation rather than breaking the page.
 */
function evaluationOf(text: string | null): Evaluation | null {
  if (text == null) return null;
  const parsed = evaluationSchema.safeParse(parseJson<unknown>(text, null));
  return parsed.success ? parsed.data : null;
}

/**
 * contract trainingSchema from a row; `withEvaluation: false` for the list and the event stream;
 * `deployments`: where its model went (server/deploy/deploymentViews.ts deploymentsOfTrainings).
 */
export function trainingView(
  row: TrainingRowWithCreator,
  withEvaluation = true,
  deployments: Training['deployments'] = [],
): Training {
  const settings = parseJson<TrainingCreate>(row.settings, {} as TrainingCreate);
  return {
    id: row.id,
    number: Number(row.number),
    projectId: row.project_id,
    status: row.status as Training['status'],
    step: row.step as Training['step'],
    progress: Number(row.progress),
    annotationType: row.annotation_type as Training['annotationType'],
    splitType: settings.split?.mode ?? 'project',
    modelTag: row.model_tag,
    network: row.network as Training['network'],
    task: row.task as Training['task'],
    settings,
    datasetCount: Number(row.dataset_count),
    splitCounts: parseJson(row.split_counts, { train: 0, validation: 0, test: 0 }),
    trigger: row.trigger as Training['trigger'],
    trainerId: row.trainer_id,
    createdBy: row.created_by ? { id: row.created_by, name: row.creator_name ?? '' } : null,
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    epoch: Number(row.epoch),
    epochs: Number(row.epochs),
    batch: Number(row.batch),
    batches: Number(row.batches),
    loss: row.loss == null ? null : Number(row.loss),
    accuracy: row.accuracy == null ? null : Number(row.accuracy),
    etaSeconds: row.eta_seconds == null ? null : Number(row.eta_seconds),
    history: parseJson<EpochMetrics[]>(row.history, []),
    stopRequested: Number(row.stop_requested) === 1,
    error: row.error as Training['error'],
    modelId: row.model_id,
    evaluation: withEvaluation ? evaluationOf(row.evaluation) : null,
    deployments,
  };
}

/** contract trainerSchema; online when it heartbeated within TRAINER_ONLINE_MS of `now`. */
export function trainerView(row: Selectable<TrainersTable>, now: Date): Trainer {
  return {
    id: row.id,
    name: row.name,
    backend: row.backend as Trainer['backend'],
    embedded: Number(row.embedded) === 1,
    online: isTrainerOnline(row.last_seen_at, now),
    busy: Number(row.busy) === 1,
    featureMsPerImage: row.feature_ms_per_image == null ? null : Number(row.feature_ms_per_image),
    headMsPerSample: row.head_ms_per_sample == null ? null : Number(row.head_ms_per_sample),
    lastSeenAt: row.last_seen_at,
  };
}

export function isTrainerOnline(lastSeenAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(lastSeenAt) <= TRAINER_ONLINE_MS;
}

/**
 * Whether a training sent to `trainerId` ('auto': any) can be taken now: a trainer that
 * heartbeated within TRAINER_ONLINE_MS exists (a busy one counts: the job waits in the queue).
 */
export async function trainerAvailable(db: Db, trainerId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - TRAINER_ONLINE_MS).toISOString();
  let query = db.selectFrom('trainers').select('id').where('last_seen_at', '>=', since);
  if (trainerId !== 'auto') query = query.where('id', '=', trainerId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
