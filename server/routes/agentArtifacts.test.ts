import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentDesiredSchema } from '../../contract/apiAgent';
import { pingSchema } from '../../contract/apiDeploy';
import { asDevice, deployModel, edgeProject, enrolOk, heartbeat, modelWithZip } from '../deploy/agent/agentTestKit';
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

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('agent artifacts', () => {
  it('stream a deployed model, resumable with Range, only to the points it was deployed to', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const other = await edgeProject(t, admin, member);
    const { credential } = await enrolOk(t, token);
    const otherDevice = await enrolOk(t, other.token);
    const bytes = randomBytes(200_000);
    const model = await modelWithZip(t, projectId, bytes);
    expect(model.version).toBe(sha256(bytes));
    const d = await deployModel(t, member, projectId, model.id, [pointId]);
    const url = agentDesiredSchema.parse((await heartbeat(t, credential)).body).deployment!.url;
    const path = url.replace('/api/v1/agent/', '');

    const whole = await asDevice(t, credential, 'GET', path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Content-Type')).toBe('application/zip');
    expect(whole.headers.get('ETag')).toBe(`"${model.version}"`);
    expect(whole.headers.get('Cache-Control')).toBe('no-store');
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes');
    expect(Buffer.compare(whole.raw, bytes)).toBe(0);

    // A download cut at 70,000 bytes resumes from there, and the pieces make the version's sha256.
    const head = whole.raw.subarray(0, 70_000);
    const rest = await asDevice(t, credential, 'GET', path, undefined, {
      Range: 'bytes=70000-',
      'If-Range': `"${model.version}"`,
    });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('Content-Range')).toBe(`bytes 70000-199999/200000`);
    expect(sha256(Buffer.concat([head, rest.raw]))).toBe(model.version);
    // Another file under the same name (an ETag that no longer matches) is sent whole.
    const changed = await asDevice(t, credential, 'GET', path, undefined, {
      Range: 'bytes=70000-',
      'If-Range': '"old"',
    });
    expect(changed.status).toBe(200);
    expect(changed.raw.length).toBe(200_000);

    const foreign = await asDevice(t, otherDevice.credential, 'GET', `artifacts/${d.id}`);
    expect(foreign.status).toBe(404);
    expect((await asDevice(t, credential, 'GET', 'artifacts/no-such-deployment')).status).toBe(404);
    expect((await asDevice(t, null, 'GET', `artifacts/${d.id}`)).status).toBe(401);
    const asUser = await t.app.request(`/api/v1/agent/artifacts/${d.id}`, { headers: { Authorization: member.auth } });
    expect(asUser.status).toBe(401);
  });
});

describe('agent pings', () => {
  it('are handed over once and answered with a round trip', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const other = await edgeProject(t, admin, member);
    const { credential } = await enrolOk(t, token);
    const otherDevice = await enrolOk(t, other.token);
    const created = await as(t, member, 'POST', `projects/${projectId}/points/${pointId}/pings`);
    expect(created.status).toBe(202);
    const pingId = pingSchema.parse(created.body).id;
    // Not handed over yet: nothing to answer.
    expect((await asDevice(t, credential, 'POST', `pings/${pingId}`)).status).toBe(404);

    t.clock.advance(1);
    const first = agentDesiredSchema.parse((await heartbeat(t, credential)).body);
    expect(first.pings).toEqual([{ id: pingId }]);
    expect(agentDesiredSchema.parse((await heartbeat(t, credential)).body).pings).toEqual([]);
    expect((await asDevice(t, otherDevice.credential, 'POST', `pings/${pingId}`)).status).toBe(404);

    t.clock.advance(0.25);
    expect((await asDevice(t, credential, 'POST', `pings/${pingId}`)).status).toBe(204);
    t.clock.advance(5);
    // A retried answer changes nothing.
    expect((await asDevice(t, credential, 'POST', `pings/${pingId}`)).status).toBe(204);
    const ping = pingSchema.parse(
      (await as(t, member, 'GET', `projects/${projectId}/points/${pointId}/pings/${pingId}`)).body,
    );
    expect(ping).toMatchObject({ state: 'answered', rttMs: 250 });
  });

  it('that expired unanswered are not handed over', async () => {
    const { projectId, pointId, token } = await edgeProject(t, admin, member);
    const { credential } = await enrolOk(t, token);
    await as(t, member, 'POST', `projects/${projectId}/points/${pointId}/pings`);
    t.clock.advance(61);
    expect(agentDesiredSchema.parse((await heartbeat(t, credential)).body).pings).toEqual([]);
  });
});
