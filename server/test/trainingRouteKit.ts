import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TrainingCreate } from '../../contract/apiTraining';
import { seedProject } from './fixtures/projectSeed';
import { as, seedAnnotation, seedImage } from './projectFixtures';
import type { TestApp } from './testApp';
import type { TestUser } from './testUsers';

export type TrainingSubtype = 'IMAGE_OBJECT_DETECTION' | 'IMAGE_CLASSIFICATION' | 'IMAGE_SEGMENTATION';

/**
 * Set-up shared by the training route tests: projects with the three roles, labeled images,
 * trainer rows, the wizard's settings, a queued training. `app()` and `users()` are read when
 * called, so a test file can build its app in beforeAll.
 */
export function trainingRouteKit(
  app: () => TestApp,
  users: () => { admin: TestUser; member: TestUser; worker: TestUser },
) {
  const who = () => users();
  const newProject = (subtype: TrainingSubtype = 'IMAGE_OBJECT_DETECTION', labels = ['car', 'dog']) =>
    seedProject(app(), {
      subtype,
      members: [
        { user: who().admin, role: 'admin' },
        { user: who().member, role: 'member' },
        { user: who().worker, role: 'worker' },
      ],
      labels,
    });

  /** `count` ready images, each with one box (or class) annotation of `labelId`. */
  async function labeledImages(
    projectId: string,
    labelId: string,
    count: number,
    opts: { split?: string; kind?: 'box' | 'class' } = {},
  ) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = await seedImage(app(), projectId, { labeled: true, split: opts.split ?? 'train' });
      if (opts.kind === 'class') {
        const now = app().clock.now().toISOString();
        await app()
          .database.db.insertInto('annotations')
          .values({
            id: randomUUID(),
            image_id: id,
            label_id: labelId,
            kind: 'class',
            x: 0,
            y: 0,
            width: 0,
            height: 0,
            data: null,
            version: 1,
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      } else await seedAnnotation(app(), id, labelId);
      ids.push(id);
    }
    return ids;
  }

  async function trainer(id = `trainer-${randomUUID().slice(0, 8)}`, secondsAgo = 0) {
    const at = new Date(app().clock.now().getTime() - secondsAgo * 1000).toISOString();
    await app()
      .database.db.insertInto('trainers')
      .values({
        id,
        name: id,
        backend: 'wasm',
        embedded: 1,
        feature_ms_per_image: 40,
        head_ms_per_sample: 0.5,
        started_at: at,
        last_seen_at: at,
      })
      .execute();
    return id;
  }
  const removeTrainers = () => app().database.db.deleteFrom('trainers').execute();

  function settings(labelIds: string[], over: Partial<TrainingCreate> = {}): TrainingCreate {
    return {
      split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 },
      labelIds,
      pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
      network: 'detector-compact',
      hyperparameters: {
        iterations: 5,
        batchSize: 16,
        learningRate: 0.001,
        inputSize: 256,
        augmentation: { enabled: true, flip: true, shift: true, brightness: false },
      },
      modelTag: 'first',
      trainerId: 'auto',
      ...over,
    };
  }

  const countRows = async (projectId: string) => ({
    trainings: (
      await app().database.db.selectFrom('trainings').select('id').where('project_id', '=', projectId).execute()
    ).length,
    jobs: (await app().database.db.selectFrom('jobs').select('id').where('project_id', '=', projectId).execute())
      .length,
  });

  async function queuedTraining() {
    await trainer();
    const p = await newProject();
    await labeledImages(p.id, p.labels.car!, 10);
    const res = await as(app(), who().member, 'POST', `projects/${p.id}/trainings`, settings([p.labels.car!]));
    expect(res.status).toBe(202);
    await removeTrainers();
    return { projectId: p.id, trainingId: res.body.trainingId as string, p };
  }
  return { newProject, labeledImages, trainer, removeTrainers, settings, countRows, queuedTraining };
}
