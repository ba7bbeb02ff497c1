import { setTimeout as sleep } from 'node:timers/promises';
import type { EpochMetrics } from '../../contract/apiTraining';
import type { TrainingControl, TrainingDeps, TrainingOutcome } from './runTraining';

/*
 * A training with the shape of runTraining and none of its machine learning, for the tests of the
 * trainer's queue semantics (leases, retries, resumption, stop): it goes through epochs of batches
 * of a few milliseconds, writes the training row as runTraining does (step, epoch, batch, progress,
 * history, a checkpoint blob after each epoch), resumes after the stored checkpoint, honours
 * stop_requested before every batch and returns at once, writing nothing, when aborted. The real
 * training is tested through runTraining itself.
 */

export interface ScriptedTrainingOptions {
  batchesPerEpoch?: number;
  batchMs?: number;
  /** Called when an attempt starts, with the epoch it starts at (after a checkpoint: the next one). */
  onStart?: (info: { trainingId: string; trainerId: string; startEpoch: number }) => void;
  /** Called after each batch is written. */
  onBatch?: (info: { trainingId: string; epoch: number; batch: number }) => void | Promise<void>;
  /** Called when the attempt returns (whatever the outcome). */
  onEnd?: (info: { trainingId: string; trainerId: string; outcome: TrainingOutcome | 'aborted' }) => void;
}

interface CheckpointBlob {
  epoch: number;
  history: EpochMetrics[];
}

async function readCheckpoint(deps: TrainingDeps, key: string | null): Promise<CheckpointBlob | null> {
  if (!key) return null;
  const blob = await deps.blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as CheckpointBlob;
}

export function createScriptedTraining(options: ScriptedTrainingOptions = {}) {
  const batches = options.batchesPerEpoch ?? 3;
  const batchMs = options.batchMs ?? 5;
  return async function scriptedTraining(
    deps: TrainingDeps,
    trainingId: string,
    control: TrainingControl,
  ): Promise<TrainingOutcome> {
    const end = (outcome: TrainingOutcome | 'aborted') => {
      options.onEnd?.({ trainingId, trainerId: control.trainerId, outcome });
      return outcome === 'aborted' ? 'stopped' : outcome;
    };
    const row = await deps.db.selectFrom('trainings').selectAll().where('id', '=', trainingId).executeTakeFirst();
    if (!row) return end('failed');
    const epochs = Number(row.epochs);
    const checkpoint = await readCheckpoint(deps, row.checkpoint_key);
    const startEpoch = (checkpoint?.epoch ?? 0) + 1;
    const history = checkpoint?.history ?? [];
    options.onStart?.({ trainingId, trainerId: control.trainerId, startEpoch });
    const stamp = () => deps.now().toISOString();
    await deps.db
      .updateTable('trainings')
      .set({
        status: 'running',
        step: 'learning',
        trainer_id: control.trainerId,
        started_at: row.started_at ?? stamp(),
        batches: batches,
        updated_at: stamp(),
      })
      .where('id', '=', trainingId)
      .execute();

    for (let epoch = startEpoch; epoch <= epochs; epoch++) {
      for (let batch = 1; batch <= batches; batch++) {
        if (control.signal.aborted) return end('aborted');
        const stop = await deps.db
          .selectFrom('trainings')
          .select('stop_requested')
          .where('id', '=', trainingId)
          .executeTakeFirst();
        if (Number(stop?.stop_requested) === 1) {
          await deps.db
            .updateTable('trainings')
            .set({ status: 'stopped', ended_at: stamp(), updated_at: stamp() })
            .where('id', '=', trainingId)
            .execute();
          return end('stopped');
        }
        try {
          await sleep(batchMs, undefined, { signal: control.signal });
        } catch {
          return end('aborted');
        }
        const loss = 1 / (epoch * batches + batch);
        await deps.db
          .updateTable('trainings')
          .set({
            epoch,
            batch,
            loss,
            progress: ((epoch - 1) * batches + batch) / (epochs * batches),
            updated_at: stamp(),
          })
          .where('id', '=', trainingId)
          .execute();
        await options.onBatch?.({ trainingId, epoch, batch });
      }
      if (control.signal.aborted) return end('aborted');
      history.push({
        epoch,
        loss: 1 / (epoch * batches),
        accuracy: null,
        valLoss: null,
        valAccuracy: null,
        seconds: 0,
      });
      const key = await deps.blobs.put(Buffer.from(JSON.stringify({ epoch, history } satisfies CheckpointBlob)));
      await deps.db
        .updateTable('trainings')
        .set({ checkpoint_key: key, history: JSON.stringify(history), updated_at: stamp() })
        .where('id', '=', trainingId)
        .execute();
    }
    await deps.db
      .updateTable('trainings')
      .set({ status: 'completed', step: 'completed', progress: 1, ended_at: stamp(), updated_at: stamp() })
      .where('id', '=', trainingId)
      .execute();
    return end('completed');
  };
}

/** The module shape the trainer thread loads (trainerTasks.ts TrainingModule): tests pass this file's URL. */
export const runTraining = createScriptedTraining({ batchesPerEpoch: 3, batchMs: 20 });
