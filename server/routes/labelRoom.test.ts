import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LABELS_MAX } from '../../contract/apiMarket';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser } from '../test/testUsers';
import { checkImportLabels } from '../imports/applyImport';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/projects/:projectId/labels', () => {
  it('refuses a label past PROJECT_LABELS_MAX with label_room', async () => {
    const admin = await createTestUser(t);
    const names = Array.from({ length: PROJECT_LABELS_MAX - 1 }, (_, i) => `L${i}`);
    const project = await seedProject(t, { members: [{ user: admin, role: 'admin' }], labels: names });
    const last = await as(t, admin, 'POST', `projects/${project.id}/labels`, { name: 'Last', color: '#abcdef' });
    expect(last.status).toBe(201);
    const over = await as(t, admin, 'POST', `projects/${project.id}/labels`, { name: 'Over', color: '#abcdee' });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('label_room');
    expect((await as(t, admin, 'GET', `projects/${project.id}/labels`)).body).toHaveLength(PROJECT_LABELS_MAX);
  });
});

describe('dataset imports', () => {
  it('refuse labels past PROJECT_LABELS_MAX before reading any image (too_many_labels)', async () => {
    const admin = await createTestUser(t);
    const names = Array.from({ length: PROJECT_LABELS_MAX - 1 }, (_, i) => `L${i}`);
    const project = await seedProject(t, { members: [{ user: admin, role: 'admin' }], labels: names });
    // Names the project has (any case) take no room.
    await expect(checkImportLabels(t.database.db, project.id, ['l0', 'L1', 'New'])).resolves.toBeUndefined();
    await expect(checkImportLabels(t.database.db, project.id, ['New', 'Other'])).rejects.toMatchObject({
      code: 'too_many_labels',
    });
  });
});
