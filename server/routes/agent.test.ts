import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointSchema } from '../../contract/apiDeploy';
import { asDevice, edgeProject, enrol, enrolOk, heartbeat } from '../deploy/agent/agentTestKit';
import { TEST_RUNTIME } from '../deploy/deployTestKit';
import { parseDeviceCredential, secretMatches, sha256Hex } from '../deploy/secrets';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ EDGE_HEARTBEAT_SECONDS: 2 });
  admin = await createTestUser(t);
  member = await createTestUser(t);
});
afterAll(() => t.close());

const pointRow = (pointId: string) =>
  t.database.db.selectFrom('points').selectAll().where('id', '=', pointId).executeTakeFirstOrThrow();

describe('agent enrolment', () => {
  it('turns a one-time token into a device credential, stored hashed, once', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const enrolled = await enrolOk(t, token);
    expect(enrolled).toMatchObject({ pointId, pointName: 'Gate', heartbeatSeconds: 2 });
    const parsed = parseDeviceCredential(enrolled.credential)!;
    expect(parsed.deviceId).toBe(enrolled.deviceId);
    const row = await pointRow(pointId);
    expect(row.device_id).toBe(enrolled.deviceId);
    expect(secretMatches(parsed.secret, row.device_secret_hash)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(parsed.secret);
    expect(JSON.parse(row.device_runtime!)).toEqual(TEST_RUNTIME);
    const used = await t.database.db
      .selectFrom('point_enrollments')
      .select('used_at')
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(used.used_at).not.toBeNull();

    const again = await enrol(t, token);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('enrollment_invalid');
    expect((await pointRow(pointId)).device_id).toBe(enrolled.deviceId);

    const view = pointSchema.parse((await as(t, member, 'GET', `projects/${projectId}/points/${pointId}`)).body);
    expect(view.connection).toBe('connected');
    expect(view.device).toMatchObject({ deviceId: enrolled.deviceId, hostname: 'gate-01', node: 'v20.18.0' });
  });

  it('refuses an unknown or expired token, and a bad body', async () => {
    expect((await enrol(t, 'met_nothing')).body.error.code).toBe('enrollment_invalid');
    const { pointId, token } = await edgeProject(t, admin, member);
    // The hour passes in the database (moving the clock an hour would also end the users' sessions).
    await t.database.db
      .updateTable('point_enrollments')
      .set({ expires_at: t.clock.now().toISOString() })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    const late = await enrol(t, token);
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('enrollment_invalid');
    expect((await pointRow(pointId)).device_id).toBeNull();
    const bad = await asDevice(t, null, 'POST', 'enrollments', { token: 'x', runtime: { node: 20 } });
    expect(bad.status).toBe(400);
  });

  it('gives one device to two agents racing with one token', async () => {
    const { pointId, token } = await edgeProject(t, admin, member);
    const answers = await Promise.all([enrol(t, token), enrol(t, token), enrol(t, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 401, 401]);
    const winner = answers.find((a) => a.status === 201)!;
    expect((await pointRow(pointId)).device_id).toBe(winner.body.deviceId);
    expect((await heartbeat(t, winner.body.credential)).status).toBe(200);
  });

  it('refuses a token of a deleted point or project, even one left unused', async () => {
    const a = await edgeProject(t, admin, member);
    expect((await as(t, admin, 'DELETE', `projects/${a.projectId}/points/${a.pointId}`)).status).toBe(204);
    expect((await enrol(t, a.token)).body.error.code).toBe('enrollment_invalid');
    // Deleting a point ends its tokens; the check holds without that too.
    const b = await edgeProject(t, admin, member);
    const at = t.clock.now().toISOString();
    await t.database.db.updateTable('points').set({ deleted_at: at }).where('id', '=', b.pointId).execute();
    expect((await enrol(t, b.token)).body.error.code).toBe('enrollment_invalid');
    const c = await edgeProject(t, admin, member);
    await t.database.db.updateTable('projects').set({ deleted_at: at }).where('id', '=', c.projectId).execute();
    expect((await enrol(t, c.token)).body.error.code).toBe('enrollment_invalid');
    // A refused token stays unclaimed: nothing was written.
    const rows = await t.database.db
      .selectFrom('point_enrollments')
      .select('used_at')
      .where('token_hash', 'in', [sha256Hex(b.token), sha256Hex(c.token)])
      .execute();
    expect(rows.map((r) => r.used_at)).toEqual([null, null]);
  });
});

describe('device credentials', () => {
  it('are the only way in: none, malformed, wrong or a user token → 401 unauthorized', async () => {
    const { token } = await edgeProject(t, admin, member);
    const { credential, deviceId } = await enrolOk(t, token);
    expect((await heartbeat(t, credential)).status).toBe(200);
    const wrongSecret = `${deviceId}.${'A'.repeat(43)}`;
    const unknownDevice = `dev_${'0'.repeat(20)}.${credential.split('.')[1]}`;
    for (const bad of [null, 'nonsense', wrongSecret, unknownDevice]) {
      const res = await heartbeat(t, bad as string);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
    const asUser = await t.app.request('/api/v1/agent/heartbeats', {
      method: 'POST',
      headers: { Authorization: member.auth, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(asUser.status).toBe(401);
    // The credential is checked before the body: a stranger gets no validation details.
    expect((await asDevice(t, null, 'POST', 'heartbeats', { nonsense: true })).status).toBe(401);
    expect((await asDevice(t, credential, 'POST', 'heartbeats', { nonsense: true })).status).toBe(400);
  });

  it('stop working, as device_revoked, when the point enrols a new device', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const first = await enrolOk(t, token);
    const next = await as(t, member, 'POST', `projects/${projectId}/points/${pointId}/enrollments`);
    expect(next.status).toBe(201);
    const second = await enrolOk(t, next.body.token as string);
    expect(second.deviceId).not.toBe(first.deviceId);
    const cut = await heartbeat(t, first.credential);
    expect(cut.status).toBe(401);
    expect(cut.body.error.code).toBe('device_revoked');
    // Only the replaced device itself learns it was replaced.
    const guess = await heartbeat(t, `${first.deviceId}.${'B'.repeat(43)}`);
    expect(guess.body.error.code).toBe('unauthorized');
    expect((await heartbeat(t, second.credential)).status).toBe(200);
    // Replaced again: both earlier devices stay cut off.
    const third = await as(t, member, 'POST', `projects/${projectId}/points/${pointId}/enrollments`);
    const device3 = await enrolOk(t, third.body.token as string);
    for (const old of [first, second])
      expect((await heartbeat(t, old.credential)).body.error.code).toBe('device_revoked');
    expect((await heartbeat(t, device3.credential)).status).toBe(200);
  });

  it('are cut off at the next call once revoked, and a new token lets the device back in', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const { credential } = await enrolOk(t, token);
    expect((await heartbeat(t, credential)).status).toBe(200);
    const revoke = await as(t, admin, 'POST', `projects/${projectId}/points/${pointId}/revocations`);
    expect(revoke.status).toBe(200);
    for (const call of [
      heartbeat(t, credential),
      asDevice(t, credential, 'POST', 'pings/x'),
      asDevice(t, credential, 'GET', 'artifacts/x'),
    ]) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('device_revoked');
    }
    const next = await as(t, member, 'POST', `projects/${projectId}/points/${pointId}/enrollments`);
    const again = await enrolOk(t, next.body.token as string);
    expect((await heartbeat(t, again.credential)).status).toBe(200);
    expect((await pointRow(pointId)).revoked_at).toBeNull();
    expect((await heartbeat(t, credential)).body.error.code).toBe('device_revoked');
  });

  it('are refused with device_revoked when the point or its project is deleted', async () => {
    const a = await edgeProject(t, admin, member);
    const deviceA = await enrolOk(t, a.token);
    expect((await as(t, admin, 'DELETE', `projects/${a.projectId}/points/${a.pointId}`)).status).toBe(204);
    expect((await heartbeat(t, deviceA.credential)).body.error.code).toBe('device_revoked');

    const b = await edgeProject(t, admin, member);
    const deviceB = await enrolOk(t, b.token);
    await t.database.db
      .updateTable('projects')
      .set({ deleted_at: t.clock.now().toISOString() })
      .where('id', '=', b.projectId)
      .execute();
    expect((await heartbeat(t, deviceB.credential)).body.error.code).toBe('device_revoked');
  });
});
