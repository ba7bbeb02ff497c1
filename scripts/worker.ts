import { createBlobStore } from '../server/blobs/createBlobStore';
import { createDatabase } from '../server/db/createDatabase';
import { migrateToLatest } from '../server/db/migrate';
import { parseEnv } from '../server/env';
import { sweepTmp, tmpRootOf } from '../server/images/imageFiles';
import { createJobHandlers, JOB_ROLES, type JobRole } from '../server/jobs/jobHandlers';
import { JobQueue } from '../server/jobs/jobQueue';
import { JobRunner } from '../server/jobs/jobRunner';
import { startTrainer } from '../server/training/startTrainer';
import { trainerStorageOf } from '../server/training/trainerTasks';

/*
 * `npm run worker [-- --role images] [--concurrency 2]`: a job worker process against the
 * database and blob store the server uses (DATABASE_URL / DATA_DIR, BLOB_STORE). On PostgreSQL
 * any number of them, on any machine, share the queue; SIGINT/SIGTERM stop it cleanly (running
 * jobs are taken again when their lease expires). With the `trainer` role (part of the default)
 * it also registers a trainer: trainings and auto labeling, one at a time, in a worker thread.
 */

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const env = parseEnv();
  const roleArg = argValue('role');
  const roles = roleArg ? roleArg.split(',') : (Object.keys(JOB_ROLES) as JobRole[]);
  const unknown = roles.filter((r) => !(r in JOB_ROLES));
  if (unknown.length)
    throw new Error(`Unknown role ${unknown.join(', ')} (known: ${Object.keys(JOB_ROLES).join(', ')})`);
  const concurrency = Number(argValue('concurrency') ?? 1);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new Error('--concurrency must be 1 to 64');

  const database = createDatabase(env);
  await migrateToLatest(database.db);
  await sweepTmp(tmpRootOf(env.DATA_DIR));
  const now = () => new Date();
  const queue = new JobQueue(database.db, database.dialect, now);
  const handlers = createJobHandlers(
    { db: database.db, blobs: createBlobStore(env), tmpRoot: tmpRootOf(env.DATA_DIR), now },
    roles as JobRole[],
  );
  const runner = new JobRunner(queue, handlers, { concurrency, keepAlive: true });
  if (runner.kinds.length > 0) {
    runner.start();
    console.log(
      `Worker ${runner.workerId} (${database.dialect}) runs ${runner.kinds.join(', ')} with concurrency ${concurrency}`,
    );
  }
  const trainer = roles.includes('trainer')
    ? await startTrainer({
        db: database.db,
        dialect: database.dialect,
        now,
        storage: trainerStorageOf(env),
        name: env.TRAINER_NAME,
        embedded: false,
        keepAlive: true,
      })
    : null;
  if (trainer) console.log(`Trainer ${trainer.id} (${database.dialect}) runs ${trainer.runner.kinds.join(', ')}`);

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void Promise.allSettled([runner.stop(), trainer?.stop()]).finally(() =>
        database.close().finally(() => process.exit(0)),
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
