import type { Kysely } from 'kysely';
import { FINAL_TRAINING_STATUSES, TRAINER_ONLINE_MS } from '../../contract/apiTraining';
import type { Database } from '../db/schema';
import { LEASE_EXPIRED_ERROR } from '../jobs/jobQueue';
import { autoLabelErrorOf } from './autoLabelJob';
import { AUTO_LABEL_JOB, TRAINING_RUN_JOB, trainingJobKind } from './jobKinds';
import { failTraining, TRAINER_GONE_ERROR, trainingErrorOf } from './trainingJob';

/*
 * What a dead trainer leaves behind, cleaned by every living trainer on start and on each
 * heartbeat, so no training or auto-labeling run waits for ever:
 * - a trainers row not refreshed for TRAINER_STALE_MS is removed;
 * - a job sent to one trainer that is gone can never run (only that trainer's runner has its
 *   kind): it fails;
 * - a job that failed without its handler's `failed` (the queue fails a job whose worker died on
 *   its last attempt) leaves its training or run failed too.
 */

/** A trainer silent for this long is gone (its process died; a clean stop deletes the row at once). */
export const TRAINER_STALE_MS = 10 * TRAINER_ONLINE_MS;

const TARGETED_PREFIX = `${TRAINING_RUN_JOB}:`;
const ID_CHUNK = 500;

export async function sweepLostTrainerWork(db: Kysely<Database>, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .deleteFrom('trainers')
    .where('last_seen_at', '<', new Date(now.getTime() - TRAINER_STALE_MS).toISOString())
    .execute();

  const live = new Set((await db.selectFrom('trainers').select('id').execute()).map((r) => r.id));
  const targeted = await db
    .selectFrom('jobs')
    .select(['id', 'kind', 'state', 'lease_until'])
    .where('kind', 'like', `${TARGETED_PREFIX}%`)
    .where('state', 'in', ['queued', 'running'])
    .execute();
  // A running job whose lease still holds has a living worker, whatever the trainers table says.
  const orphans = targeted
    .filter((j) => !live.has(j.kind.slice(TARGETED_PREFIX.length)))
    .filter((j) => j.state === 'queued' || (j.lease_until !== null && j.lease_until < at))
    .map((j) => j.id);
  for (let i = 0; i < orphans.length; i += ID_CHUNK) {
    await db
      .updateTable('jobs')
      .set({ state: 'failed', lease_until: null, error: TRAINER_GONE_ERROR, updated_at: at })
      .where('id', 'in', orphans.slice(i, i + ID_CHUNK))
      .where('state', 'in', ['queued', 'running'])
      .execute();
  }

  const trainings = await db
    .selectFrom('trainings as t')
    .leftJoin('jobs as j', 'j.id', 't.job_id')
    .select(['t.id', 'j.state', 'j.error'])
    .where('t.status', 'not in', FINAL_TRAINING_STATUSES)
    .where('t.job_id', 'is not', null)
    .where((eb) => eb.or([eb('j.id', 'is', null), eb('j.state', 'in', ['failed', 'done'])]))
    .execute();
  for (const t of trainings) {
    const code = t.state === 'failed' ? trainingErrorOf(t.error ?? '') : 'internal';
    await failTraining(db, t.id, code, now);
  }

  const runs = await db
    .selectFrom('auto_label_runs as r')
    .leftJoin('jobs as j', 'j.id', 'r.job_id')
    .select(['r.job_id', 'j.error'])
    .where('r.state', 'not in', ['done', 'failed'])
    .where((eb) => eb.or([eb('j.id', 'is', null), eb('j.state', '=', 'failed')]))
    .execute();
  for (const r of runs) {
    await db
      .updateTable('auto_label_runs')
      .set({ state: 'failed', error: autoLabelErrorOf(r.error ?? LEASE_EXPIRED_ERROR), updated_at: at })
      .where('job_id', '=', r.job_id)
      .where('state', 'not in', ['done', 'failed'])
      .execute();
  }
}

/** The job kinds a trainer runs: any training, the trainings sent to it, auto labeling. */
export function trainerJobKinds(trainerId: string): string[] {
  return [TRAINING_RUN_JOB, trainingJobKind(trainerId), AUTO_LABEL_JOB];
}
