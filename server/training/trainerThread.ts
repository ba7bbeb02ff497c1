import { parentPort, workerData } from 'node:worker_threads';
import { createBlobStore } from '../blobs/createBlobStore';
import { createDatabase } from '../db/createDatabase';
import { parseEnv } from '../env';
import { tmpRootOf } from '../images/imageFiles';
import { ABORT_MESSAGE, type TrainerThreadData, type TrainerThreadMessage } from './runInTrainerThread';
import { runTrainerTask, type TrainingModule } from './trainerTasks';

/*
 * A trainer thread's entry (started by runInTrainerThread.ts): opens the database and blob store
 * from the server's settings, runs its one task, closes them, and posts the outcome.
 */

const data = workerData as TrainerThreadData;
const port = parentPort;
const controller = new AbortController();
port?.on('message', (message: unknown) => {
  if (message === ABORT_MESSAGE) controller.abort();
});
const post = (message: TrainerThreadMessage) => port?.postMessage(message);

async function main(): Promise<TrainerThreadMessage> {
  const env = parseEnv({ ...stringsOf(data.storage), NODE_ENV: 'production' });
  const database = createDatabase(env);
  try {
    const trainingModule = data.trainingModule ? ((await import(data.trainingModule)) as TrainingModule) : undefined;
    const result = await runTrainerTask(
      data.task,
      {
        db: database.db,
        dialect: database.dialect,
        blobs: createBlobStore(env),
        now: () => new Date(),
        tmpRoot: tmpRootOf(env.DATA_DIR),
        log: (message) => console.error(`Trainer thread: ${message}`),
      },
      { signal: controller.signal, onProgress: (fraction) => post({ type: 'progress', fraction }) },
      trainingModule,
    );
    return { type: 'done', result };
  } catch (error) {
    // The job keeps the message; the stack goes to the process's log.
    console.error('Trainer thread: the task failed', error);
    return { type: 'error', message: error instanceof Error ? error.message : String(error) };
  } finally {
    await database.close().catch(() => undefined);
  }
}

function stringsOf(record: object): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));
}

void main().then(post);
