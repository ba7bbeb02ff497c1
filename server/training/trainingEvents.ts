import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { FINAL_TRAINING_STATUSES, type TrainingStatus } from '../../contract/apiTraining';
import type { Db } from '../db/Db';
import { selectTrainings, trainingView, type TrainingRowWithCreator } from './trainingViews';

export interface TrainingEventOptions {
  /** How often the row is read while the stream is open. */
  pollMs?: number;
  /** A comment line this often keeps proxies and browsers from closing a quiet stream. */
  heartbeatMs?: number;
}

/** What makes a new message: the trainer bumps updated_at on every write; the rest guards a writer that does not. */
const versionOf = (row: TrainingRowWithCreator) =>
  `${row.updated_at}|${row.status}|${row.step}|${row.progress}|${row.epoch}|${row.batch}|${row.stop_requested}`;

/**
 * The training's live state as server-sent events, read from its row: the trainer (in this
 * process or another machine) writes progress to the database, so every API process can serve
 * the stream without a message bus. One `event: training` with the whole training (no
 * evaluation) when the stream opens and whenever the row changes; the stream ends after the
 * first message in a final status, when the row disappears, or when the client goes away.
 */
export function trainingEventStream(
  c: Context,
  db: Db,
  projectId: string,
  trainingId: string,
  options: TrainingEventOptions = {},
): Response {
  const pollMs = options.pollMs ?? 400;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const signal = c.req.raw.signal;
    let open = true;
    stream.onAbort(() => {
      open = false;
    });
    signal.addEventListener('abort', () => {
      open = false;
    });
    let last = '';
    let lastWrite = Date.now();
    while (open && !stream.aborted && !signal.aborted) {
      const row = await selectTrainings(db)
        .where('trainings.project_id', '=', projectId)
        .where('trainings.id', '=', trainingId)
        .executeTakeFirst();
      if (!row) break;
      const version = versionOf(row);
      if (version !== last) {
        last = version;
        await stream.writeSSE({ event: 'training', data: JSON.stringify(trainingView(row, false)) });
        lastWrite = Date.now();
        if (FINAL_TRAINING_STATUSES.includes(row.status as TrainingStatus)) break;
      } else if (Date.now() - lastWrite >= heartbeatMs) {
        await stream.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      await stream.sleep(pollMs);
    }
  });
}
