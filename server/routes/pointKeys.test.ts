import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POINT_KEY_RATE_DEFAULT,
  POINT_KEY_RATE_MAX,
  pointCreatedSchema,
  pointKeyCreatedSchema,
  pointKeyListSchema,
} from '../../contract/apiDeploy';
import { V } from '../../contract/validationMessages';
import { insertTestModel } from '../deploy/deployTestKit';
import { parsePointKey, secretMatches } from '../deploy/secrets';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let worker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t);
  member = await createTestUser(t);
  worker = await createTestUser(t);
});
afterAll(() => t.close());

async function webPoint() {
  const p = await seedProject(t, {
    members: [
      { user: admin, role: 'admin' },
      { user: member, role: 'member' },
      { user: worker, role: 'worker' },
    ],
  });
  const model = await insertTestModel(t, p.id);
  const res = await as(t, member, 'POST', `projects/${p.id}/points`, { kind: 'web', name: 'API', modelId: model.id });
  return { projectId: p.id, point: pointCreatedSchema.parse(res.body).point };
}

describe('web point keys', () => {
  it('answers a new key once and keeps only its hash and prefix', async () => {
    const { projectId, point } = await webPoint();
    const keys = `projects/${projectId}/points/${point.id}/keys`;
    const res = await as(t, member, 'POST', keys, { name: ' Checkout ' });
    expect(res.status).toBe(201);
    const created = pointKeyCreatedSchema.parse(res.body);
    expect(created.key).toMatchObject({ name: 'Checkout', ratePerMinute: POINT_KEY_RATE_DEFAULT, revokedAt: null });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const parsed = parsePointKey(created.secret)!;
    expect(parsed.keyId).toBe(created.key.id);
    const row = await t.database.db
      .selectFrom('point_keys')
      .selectAll()
      .where('id', '=', created.key.id)
      .executeTakeFirstOrThrow();
    expect(secretMatches(parsed.secret, row.secret_hash)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(parsed.secret);

    t.clock.advance(1);
    await as(t, member, 'POST', keys, { name: 'Batch', ratePerMinute: 60 });
    const list = await as(t, member, 'GET', keys);
    expect(list.status).toBe(200);
    const items = pointKeyListSchema.parse(list.body).items;
    expect(items.map((k) => [k.name, k.ratePerMinute])).toEqual([
      ['Batch', 60],
      ['Checkout', POINT_KEY_RATE_DEFAULT],
    ]);
    expect(JSON.stringify(list.body)).not.toContain(parsed.secret);
  });

  it('revokes a key (idempotent); unknown keys and other points’ keys are 404', async () => {
    const a = await webPoint();
    const b = await webPoint();
    const keysA = `projects/${a.projectId}/points/${a.point.id}/keys`;
    const key = pointKeyCreatedSchema.parse((await as(t, member, 'POST', keysA, { name: 'k' })).body).key;
    expect((await as(t, worker, 'DELETE', `${keysA}/${key.id}`)).status).toBe(403);
    expect((await as(t, member, 'DELETE', `${keysA}/${key.id}`)).status).toBe(204);
    const revokedAt = t.clock.now().toISOString();
    t.clock.advance(3);
    expect((await as(t, member, 'DELETE', `${keysA}/${key.id}`)).status).toBe(204);
    expect(pointKeyListSchema.parse((await as(t, member, 'GET', keysA)).body).items[0]!.revokedAt).toBe(revokedAt);
    expect((await as(t, member, 'DELETE', `${keysA}/nope`)).status).toBe(404);
    const viaB = `projects/${b.projectId}/points/${b.point.id}/keys/${key.id}`;
    expect((await as(t, member, 'DELETE', viaB)).status).toBe(404);
  });

  it('refuses bad names and rates, workers, edge points and other projects', async () => {
    const { projectId, point } = await webPoint();
    const keys = `projects/${projectId}/points/${point.id}/keys`;
    expect((await as(t, member, 'POST', keys, { name: '' })).body.error.fields).toEqual({ name: V.required });
    expect((await as(t, member, 'POST', keys, { name: 'x'.repeat(41) })).body.error.fields).toEqual({ name: V.max40 });
    for (const rate of [0, POINT_KEY_RATE_MAX + 1, 1.5])
      expect((await as(t, member, 'POST', keys, { name: 'k', ratePerMinute: rate })).status).toBe(400);
    expect((await as(t, worker, 'POST', keys, { name: 'k' })).status).toBe(403);
    expect((await as(t, worker, 'GET', keys)).status).toBe(403);
    const edge = await as(t, member, 'POST', `projects/${projectId}/points`, { kind: 'edge', name: 'Gate' });
    const edgeKeys = `projects/${projectId}/points/${edge.body.point.id}/keys`;
    expect((await as(t, member, 'GET', edgeKeys)).status).toBe(404);
    expect((await as(t, member, 'POST', edgeKeys, { name: 'k' })).status).toBe(404);
    const other = await webPoint();
    expect((await as(t, member, 'GET', `projects/${other.projectId}/points/${point.id}/keys`)).status).toBe(404);
    expect(pointKeyListSchema.parse((await as(t, admin, 'GET', keys)).body).items).toEqual([]);
  });
});
