import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp';
import { insertTraining, seedTrainingProject, trainingRow, waitUntil } from './trainerTestKit';

/*
 * `npm run worker -- --role trainer` for real (scripts/worker.ts through tsx): it registers a
 * trainer that is not embedded, measures its speed in a thread, takes a training sent to it by
 * its id, and removes its row on SIGTERM.
 */

let t: TestApp;
let child: ChildProcess | null = null;
let output = '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await t.close();
});

describe('npm run worker -- --role trainer', () => {
  it('registers a trainer with its measured speed, runs a training sent to it, and unregisters on SIGTERM', async () => {
    const { project } = await seedTrainingProject(t, 'IMAGE_CLASSIFICATION');
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts', '--role', 'trainer'], {
      env: {
        ...process.env,
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.config.DATABASE_URL ?? '',
        TRAINER_NAME: 'gpu-box',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitUntil(
      () => /^Trainer \S+ \(\w+\) runs training\.run, /m.test(output),
      `the trainer to start:\n${output}`,
    );
    expect(output).not.toMatch(/^Worker /m);

    const trainers = () => t.database.db.selectFrom('trainers').selectAll().execute();
    await waitUntil(async () => (await trainers())[0]?.feature_ms_per_image != null, 'the measured speed', 120_000);
    const [row] = await trainers();
    expect(row).toMatchObject({ name: 'gpu-box', backend: 'wasm', busy: 0 });
    expect(Number(row!.embedded)).toBe(0);
    expect(Number(row!.feature_ms_per_image)).toBeGreaterThan(0);
    expect(Number(row!.head_ms_per_sample)).toBeGreaterThan(0);

    // A training sent to this trainer by id (stopped before it starts, so it ends at once).
    const { trainingId } = await insertTraining(t, project.id, { kind: `training.run:${row!.id}` });
    await t.database.db.updateTable('trainings').set({ stop_requested: 1 }).where('id', '=', trainingId).execute();
    await waitUntil(async () => (await trainingRow(t, trainingId)).status === 'stopped', 'the training to end');

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await trainers()).toEqual([]);
  }, 180_000);
});
