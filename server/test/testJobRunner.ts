import path from 'node:path';
import type { BlobStore } from '../blobs/BlobStore';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { tmpRootOf } from '../images/imageFiles';
import { createJobHandlers } from '../jobs/jobHandlers';
import { JobQueue } from '../jobs/jobQueue';
import { JobRunner } from '../jobs/jobRunner';
import type { TestApp } from './testApp';

export interface TestJobRunner {
  queue: JobQueue;
  runner: JobRunner;
  /** Runs queued jobs (and the jobs they queue) until the queue is empty. */
  runAll(): Promise<void>;
}

/**
 * A job runner over the test app's database with the real job handlers, so a test drives the
 * background work (image processing, imports, blob collection) itself, one job at a time.
 */
export function testJobRunner(
  t: TestApp,
  workerId: string,
  options: { blobs?: BlobStore; tmpRoot?: string } = {},
): TestJobRunner {
  const queue = new JobQueue(t.database.db, t.database.dialect, t.clock.now);
  const handlers = createJobHandlers({
    db: t.database.db,
    blobs: options.blobs ?? new LocalBlobStore(path.join(t.dataDir, 'blobs')),
    tmpRoot: options.tmpRoot ?? tmpRootOf(t.dataDir),
    now: t.clock.now,
  });
  const runner = new JobRunner(queue, handlers, { workerId, log: () => {} });
  return {
    queue,
    runner,
    async runAll() {
      while (await runner.runOnce()) {
        /* until the queue is empty */
      }
    },
  };
}
