import { createApp } from './app';
import { createBlobStore } from './blobs/createBlobStore';
import { createDatabase } from './db/createDatabase';
import { migrateToLatest } from './db/migrate';
import { parseEnv, publicUrlOf, type ServerConfig } from './env';
import { listen } from './http/listen';
import { sweepTmp, tmpRootOf } from './images/imageFiles';
import { scheduleBlobGc } from './jobs/blobGcJob';
import { createJobHandlers } from './jobs/jobHandlers';
import { JobQueue } from './jobs/jobQueue';
import { JobRunner } from './jobs/jobRunner';
import { resolveJwtSecret } from './jwtSecret';
import { WebPointServing } from './deploy/serving/webPointServing';
import { createMailer } from './mail/createMailer';
import { startLearningSchedule } from './training/scheduleRunner';
import { startTrainer } from './training/startTrainer';
import { trainerStorageOf } from './training/trainerTasks';

/** Starts the server: env → database (migrated) → app → listen; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  let config: ServerConfig;
  try {
    const env = parseEnv();
    config = { ...env, JWT_SECRET: resolveJwtSecret(env.DATA_DIR, env.JWT_SECRET), PUBLIC_URL: publicUrlOf(env) };
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const database = createDatabase(config);
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    console.error((error as Error).message);
    await database.close();
    process.exit(1);
  }

  // Background jobs (image processing, …) run in this process unless JOB_CONCURRENCY=0; queued
  // and lease-expired jobs left by an earlier run are taken up at once.
  const blobs = createBlobStore(config);
  await sweepTmp(tmpRootOf(config.DATA_DIR));
  const now = () => new Date();
  const jobs = new JobQueue(database.db, database.dialect, now);
  // Web points: inference threads started on the first predict call or preparation.
  const serving = new WebPointServing({
    db: database.db,
    blobs,
    now,
    threads: config.INFERENCE_THREADS,
    modelsPerThread: config.INFERENCE_MODELS_PER_THREAD,
  });
  const runner =
    config.JOB_CONCURRENCY > 0
      ? new JobRunner(
          jobs,
          createJobHandlers({ db: database.db, blobs, tmpRoot: tmpRootOf(config.DATA_DIR), now, serving }),
          { concurrency: config.JOB_CONCURRENCY },
        )
      : null;
  runner?.start();
  // The embedded trainer: trainings and auto labeling, one at a time, in a worker thread (the API
  // stays responsive); `npm run worker -- --role trainer` adds more. Off with TRAINER_ENABLED=0.
  const trainer =
    config.JOB_CONCURRENCY > 0 && config.TRAINER_ENABLED
      ? await startTrainer({
          db: database.db,
          dialect: database.dialect,
          now,
          storage: trainerStorageOf(config),
          name: config.TRAINER_NAME,
          embedded: true,
        })
      : null;
  // Blobs no row refers to any more (deleted images, replaced avatars) are collected by a
  // `blobs.gc` job, queued on a timer; whichever process runs maintenance jobs takes it.
  const stopBlobGc =
    config.BLOB_GC_INTERVAL_MIN > 0
      ? scheduleBlobGc(database.db, jobs, {
          intervalMs: config.BLOB_GC_INTERVAL_MIN * 60_000,
          graceMs: config.BLOB_GC_GRACE_H * 3_600_000,
          now,
          onQueued: () => runner?.wake(),
        })
      : () => undefined;

  // The learning schedule of project settings: every minute, due projects get their training queued.
  const stopSchedule = startLearningSchedule({
    db: database.db,
    now,
    planLimits: config.PLAN_LIMITS,
    onQueued: () => trainer?.wake(),
  });

  const app = createApp({
    env: config,
    deps: {
      db: database.db,
      dialect: database.dialect,
      blobs,
      mailer: createMailer(config),
      jobs,
      serving,
      onJobQueued: () => {
        runner?.wake();
        trainer?.wake();
      },
    },
  });
  const server = listen({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
    console.log(`Maru AI serving on http://${host}:${info.port} (database: ${database.dialect})`);
  });
  // The running web points' models load in the background, so their first calls do not wait.
  serving.warmRunningPoints().catch((error: unknown) => console.error('Web point warm-up failed', error));

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stopBlobGc();
      stopSchedule();
      setTimeout(() => process.exit(0), 3000).unref();
      server.close(() => {
        void Promise.allSettled([runner?.stop(), trainer?.stop(), serving.close()]).finally(() =>
          database.close().finally(() => process.exit(0)),
        );
      });
    });
  }
}

void main();
