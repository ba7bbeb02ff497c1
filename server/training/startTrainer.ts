import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { JobQueue } from '../jobs/jobQueue';
import { JobRunner, type JobHandlers } from '../jobs/jobRunner';
import { createAutoLabelJobHandler } from './autoLabelJob';
import { AUTO_LABEL_JOB, TRAINING_RUN_JOB, trainingJobKind } from './jobKinds';
import { trainerThreadExecutor } from './runInTrainerThread';
import { TrainerRegistry } from './trainerRegistry';
import type { MeasuredSpeed } from './trainerSpeed';
import { sweepLostTrainerWork } from './trainerSweep';
import type { TrainerExecutor, TrainerStorage } from './trainerTasks';
import { createTrainingJobHandler } from './trainingJob';

export interface TrainerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  /** The settings the trainer's threads open the database and blob store from. */
  storage: TrainerStorage;
  /** Shown in the wizard (TRAINER_NAME, default the host name). */
  name?: string;
  embedded: boolean;
  /** Default: a new id per process. */
  id?: string;
  /** Default: tasks run in worker threads. Tests may run them in-process. */
  execute?: TrainerExecutor;
  /** Measure the speed in the background after start (default true). */
  measure?: boolean;
  leaseMs?: number;
  pollMs?: number;
  heartbeatMs?: number;
  /** Keep the process alive while waiting for jobs (a worker process of its own). */
  keepAlive?: boolean;
  log?: (message: string, error?: unknown) => void;
}

export interface RunningTrainer {
  id: string;
  runner: JobRunner;
  registry: TrainerRegistry;
  /** Polls the queue now (after a training was queued in this process). */
  wake(): void;
  /** Stops taking jobs, aborts the running one (it is taken again when its lease expires), deletes the row. */
  stop(): Promise<void>;
}

/** Jobs a trainer runs at the same time: one training uses the whole trainer. */
export const TRAINER_CONCURRENCY = 1;

/** The id a trainer gets: readable in logs and the wizard, unique per process. */
export function newTrainerId(embedded: boolean): string {
  return `${hostname()}:${embedded ? 'embedded' : 'worker'}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Starts a trainer: registers it in `trainers`, runs its own job runner (one job at a time) for
 * trainings (any, and those sent to it) and auto labeling, heartbeats and sweeps what dead
 * trainers left, and measures its speed in a thread in the background — the API process starts
 * as fast as before.
 */
export async function startTrainer(options: TrainerOptions): Promise<RunningTrainer> {
  const id = options.id ?? newTrainerId(options.embedded);
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const execute = options.execute ?? trainerThreadExecutor({ storage: options.storage });
  const sweep = () => sweepLostTrainerWork(options.db, options.now());
  const registry = new TrainerRegistry(
    options.db,
    options.now,
    { id, name: options.name ?? hostname(), backend: 'wasm', embedded: options.embedded },
    { heartbeatMs: options.heartbeatMs, onBeat: sweep, log },
  );
  const onBusy = (busy: boolean) => registry.setBusy(busy);
  const training = createTrainingJobHandler({ db: options.db, now: options.now, trainerId: id, execute, onBusy });
  const handlers: JobHandlers = {
    [TRAINING_RUN_JOB]: training,
    [trainingJobKind(id)]: training,
    [AUTO_LABEL_JOB]: createAutoLabelJobHandler({ db: options.db, now: options.now, execute, onBusy }),
  };
  const queue = new JobQueue(options.db, options.dialect, options.now);
  const runner = new JobRunner(queue, handlers, {
    workerId: id,
    concurrency: TRAINER_CONCURRENCY,
    leaseMs: options.leaseMs,
    pollMs: options.pollMs,
    keepAlive: options.keepAlive,
    log,
  });

  await registry.register();
  await sweep().catch((error: unknown) => log('Trainer: sweeping lost work failed', error));
  runner.start();

  const measuring = new AbortController();
  if (options.measure ?? true) {
    void execute({ kind: 'measure' }, { signal: measuring.signal })
      .then((speed) => {
        const s = speed as MeasuredSpeed;
        return registry.setSpeed({ featureMsPerImage: s.featureMsPerImage, headMsPerSample: s.headMsPerSample });
      })
      .catch((error: unknown) => {
        if (!measuring.signal.aborted) log(`Trainer ${id}: measuring its speed failed`, error);
      });
  }

  return {
    id,
    runner,
    registry,
    wake: () => runner.wake(),
    async stop() {
      measuring.abort();
      await runner.stop();
      await registry.unregister();
      // Trainings sent to this trainer can never run now: they fail visibly instead of waiting.
      await sweep().catch((error: unknown) => log('Trainer: sweeping lost work failed', error));
    },
  };
}
