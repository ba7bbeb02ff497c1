import { expect } from 'vitest';
import { importSchema, type DatasetImport } from '../../contract/apiImports';
import { as } from './projectFixtures';
import type { TestApp } from './testApp';
import type { TestJobRunner } from './testJobRunner';
import type { TestUser } from './testUsers';

/** POST, PUT the zip, then every queued job; the finished import as the API shows it. */
export async function importZipThroughJobs(
  t: TestApp,
  jobs: TestJobRunner,
  user: TestUser,
  projectId: string,
  bytes: Uint8Array,
): Promise<DatasetImport> {
  const created = await as(t, user, 'POST', `projects/${projectId}/imports`, {
    fileName: 'd.zip',
    bytes: bytes.length,
  });
  expect(created.status).toBe(201);
  const put = await t.app.request(`/api/projects/${projectId}/imports/${created.body.importId}`, {
    method: 'PUT',
    headers: { Authorization: user.auth, 'Content-Type': 'application/zip' },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(202);
  await jobs.runAll();
  const res = await as(t, user, 'GET', `projects/${projectId}/imports/${created.body.importId}`);
  return importSchema.parse(res.body);
}
