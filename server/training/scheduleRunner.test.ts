import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingCreate } from '../../contract/apiTraining';
import { seedProject } from '../test/fixtures/projectSeed';
import { seedAnnotation, seedImage } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';
import { dueProjects, isDue, scheduleTick } from './scheduleRunner';
import { insertOnlineTrainer } from './trainerTestKit';

describe('isDue', () => {
  // 2026-11-27 is a Friday.
  const fri = new Date('2026-11-27T10:00:00Z');
  const sat = new Date('2026-11-28T00:30:00Z');
  const sun = new Date('2026-11-29T23:00:00Z');

  it('everyday: once per UTC calendar day', () => {
    expect(isDue(fri, 'everyday', null)).toBe(true);
    expect(isDue(fri, 'everyday', '2026-11-27T00:00:01Z')).toBe(false);
    expect(isDue(fri, 'everyday', '2026-11-26T23:59:59Z')).toBe(true);
  });

  it('weekend: once on Saturday or Sunday, never on weekdays', () => {
    expect(isDue(fri, 'weekend', null)).toBe(false);
    expect(isDue(sat, 'weekend', null)).toBe(true);
    expect(isDue(sat, 'weekend', '2026-11-21T12:00:00Z')).toBe(true);
    expect(isDue(sun, 'weekend', '2026-11-28T00:30:00Z')).toBe(false);
    expect(isDue(sun, 'weekend', '2026-11-27T23:00:00Z')).toBe(true);
  });

  it('week: once 7 days have passed', () => {
    expect(isDue(fri, 'week', null)).toBe(true);
    expect(isDue(fri, 'week', '2026-11-20T10:00:01Z')).toBe(false);
    expect(isDue(fri, 'week', '2026-11-20T10:00:00Z')).toBe(true);
  });

  it('dueProjects keeps enabled projects whose cycle is due', () => {
    const row = (id: string, enabled: number, cycle: string | null, last: string | null) => ({
      id,
      schedule_enabled: enabled,
      schedule_cycle: cycle,
      schedule_last_run: last,
    });
    expect(
      dueProjects(fri, [
        row('a', 1, 'everyday', null),
        row('b', 0, 'everyday', null),
        row('c', 1, null, null),
        row('d', 1, 'weekend', null),
        row('e', 1, 'week', '2026-11-26T00:00:00Z'),
        row('f', 1, 'week', '2026-11-01T00:00:00Z'),
      ]),
    ).toEqual(['a', 'f']);
  });
});

describe('scheduleTick', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { name: 'Owner' });
  });
  afterAll(() => t.close());

  const deps = () => ({ db: t.database.db, now: t.clock.now, log: () => undefined });

  async function scheduledProject() {
    const p = await seedProject(t, { members: [{ user: owner, role: 'admin' }], labels: ['car'] });
    await t.database.db
      .updateTable('projects')
      .set({ schedule_enabled: 1, schedule_cycle: 'everyday' })
      .where('id', '=', p.id)
      .execute();
    for (let i = 0; i < 10; i++) await seedAnnotation(t, await seedImage(t, p.id, { labeled: true }), p.labels.car!);
    const settings: TrainingCreate = {
      split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 },
      labelIds: [p.labels.car!],
      pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
      network: 'detector-compact',
      hyperparameters: {
        iterations: 7,
        batchSize: 16,
        learningRate: 0.001,
        inputSize: 256,
        augmentation: { enabled: false, flip: false, shift: false, brightness: false },
      },
      modelTag: 'nightly',
      trainerId: 'auto',
    };
    t.clock.advance(60);
    const at = t.clock.now().toISOString();
    await t.database.db
      .insertInto('trainings')
      .values({
        id: randomUUID(),
        project_id: p.id,
        number: 1,
        job_id: null,
        settings: JSON.stringify(settings),
        network: 'detector-compact',
        task: 'detection',
        annotation_type: 'box',
        model_tag: 'nightly',
        status: 'completed',
        created_by: owner.id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    t.clock.advance(60);
    return p;
  }
  const trainings = (projectId: string) =>
    t.database.db
      .selectFrom('trainings')
      .select(['number', 'trigger', 'created_by', 'model_tag', 'epochs', 'status'])
      .where('project_id', '=', projectId)
      .orderBy('number')
      .execute();
  const lastRun = async (projectId: string) =>
    (
      await t.database.db
        .selectFrom('projects')
        .select('schedule_last_run')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).schedule_last_run;
  it('queues a training with the last settings when a person labeled since, once per cycle', async () => {
    const p = await scheduledProject();
    // Nothing labeled since the last training: the cycle is used up, nothing queued.
    expect((await scheduleTick(deps())).get(p.id)).toBe('unchanged');
    expect(await lastRun(p.id)).toBe(t.clock.now().toISOString());
    expect(await trainings(p.id)).toHaveLength(1);

    // A day later, with a new label and a trainer online.
    t.clock.advance(86_400);
    await seedAnnotation(t, await seedImage(t, p.id, { labeled: true }), p.labels.car!);
    await insertOnlineTrainer(t);
    expect((await scheduleTick(deps())).get(p.id)).toBe('queued');
    expect(await trainings(p.id)).toEqual([
      expect.objectContaining({ number: 1, trigger: 'manual' }),
      { number: 2, trigger: 'schedule', created_by: owner.id, model_tag: 'nightly', epochs: 7, status: 'queued' },
    ]);
    const job = await t.database.db
      .selectFrom('jobs')
      .select('kind')
      .where('project_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(job.kind).toBe('training.run');
    // The same day again: not due.
    t.clock.advance(60);
    expect((await scheduleTick(deps())).has(p.id)).toBe(false);
    await t.database.db.deleteFrom('trainers').execute();
  });

  it('gives the cycle back when no trainer is online, so the next tick tries again', async () => {
    const p = await scheduledProject();
    await seedAnnotation(t, await seedImage(t, p.id, { labeled: true }), p.labels.car!);
    expect((await scheduleTick(deps())).get(p.id)).toBe('no_trainer');
    expect(await lastRun(p.id)).toBeNull();
    expect(await trainings(p.id)).toHaveLength(1);
    t.clock.advance(60);
    await insertOnlineTrainer(t);
    expect((await scheduleTick(deps())).get(p.id)).toBe('queued');
    await t.database.db.deleteFrom('trainers').execute();
  });

  it('skips disabled, deleted and never-trained projects', async () => {
    const p = await seedProject(t, { members: [{ user: owner, role: 'admin' }], labels: ['car'] });
    await t.database.db
      .updateTable('projects')
      .set({ schedule_enabled: 1, schedule_cycle: 'everyday' })
      .where('id', '=', p.id)
      .execute();
    expect((await scheduleTick(deps())).get(p.id)).toBe('no_training');
    const q = await scheduledProject();
    await t.database.db
      .updateTable('projects')
      .set({ deleted_at: t.clock.now().toISOString() })
      .where('id', '=', q.id)
      .execute();
    expect((await scheduleTick(deps())).has(q.id)).toBe(false);
  });
});
