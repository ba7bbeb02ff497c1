import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPredictResponseSchema } from '../../contract/apiAgent';
import { deploymentSchema, pingSchema, pointSchema, type DeploymentTarget } from '../../contract/apiDeploy';
import { modelSchema } from '../../contract/apiModels';
import { readModelZip } from '../../ml/modelZip';
import { manifestDecodeOptions } from '../../ml/predict';
import { initTf } from '../../ml/runtime';
import { toServedPredictions } from '../../ml/servedPredictions';
import { redSquareDetectorZip } from '../../ml/testing/redSquareDetector';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/*
 * The edge agent as users run it: a real agent process (`node --import tsx agent/main.ts`)
 * against the real app served over HTTP, with a proxy between them that cuts the first artifact
 * download mid-way. Enrolment, a deployment (resumed download), predictions equal to the
 * in-process ones, a damaged model rolled back with the previous still answering, the agent
 * killed → 'not_connected', and a restart from its data directory alone.
 */

let t: TestApp;
let member: TestUser;
let server: ServerType;
let proxy: Server;
let proxyUrl: string;
let projectId: string;
let pointId: string;
let token: string;
const agentDir = mkdtempSync(path.join(tmpdir(), 'maru-agent-'));
const children: ChildProcess[] = [];
/** Request headers of every artifact download that went through the proxy. */
const artifactRequests: IncomingHttpHeaders[] = [];
/** Where the proxy cut the first artifact answer. */
let cutAtBytes = 0;

function startProxy(target: string): Promise<Server> {
  const upstream = new URL(target);
  const proxyServer = createServer((req, res) => {
    const isArtifact = /\/agent\/artifacts\//.test(req.url ?? '');
    if (isArtifact) artifactRequests.push({ ...req.headers });
    const cut = isArtifact && artifactRequests.length === 1;
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!cut) return void answer.pipe(res);
        // Half the file, so a resumed download asks for the other half.
        const cutAt = Math.floor(Number(answer.headers['content-length'] ?? 2) / 2);
        cutAtBytes = cutAt;
        let sent = 0;
        answer.on('data', (chunk: Buffer) => {
          if (sent >= cutAt) return;
          const part = chunk.subarray(0, cutAt - sent);
          sent += part.length;
          res.write(part);
          // The connection drops with the body half sent, as a flaky link does.
          if (sent >= cutAt) res.socket?.end();
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  return new Promise((resolve) => proxyServer.listen(0, '127.0.0.1', () => resolve(proxyServer)));
}

interface Agent {
  child: ChildProcess;
  output: () => string;
  localUrl: Promise<string>;
}

function startAgent(args: string[]): Agent {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'agent/main.ts', '--server', proxyUrl, '--data-dir', agentDir, '--port', '0', ...args],
    { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  const localUrl = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /local endpoint at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`agent exited ${code}:\n${output}`)));
  });
  return { child, output: () => output, localUrl };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, agent?: Agent) {
  const deadline = Date.now() + 90_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}\n${agent?.output() ?? ''}`);
}

const readPoint = async () => {
  const res = await as(t, member, 'GET', `projects/${projectId}/points/${pointId}`);
  expect(res.status).toBe(200);
  return pointSchema.parse(res.body);
};

async function uploadModel(zip: Uint8Array, tag: string) {
  const res = await t.app.request(`/api/projects/${projectId}/models?tag=${tag}`, {
    method: 'POST',
    headers: { Authorization: member.auth, 'Content-Type': 'application/zip' },
    body: new Uint8Array(zip),
  });
  const body: unknown = JSON.parse(await res.text());
  expect(res.status, JSON.stringify(body)).toBe(201);
  return modelSchema.parse(body);
}

async function deployAndWait(modelId: string, final: DeploymentTarget['state'][], agent: Agent) {
  const res = await as(t, member, 'POST', `projects/${projectId}/deployments`, { modelId, pointIds: [pointId] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const deploymentId = deploymentSchema.parse(res.body).id;
  const read = async () =>
    deploymentSchema.parse((await as(t, member, 'GET', `projects/${projectId}/deployments/${deploymentId}`)).body)
      .targets[0]!;
  return waitFor(read, (target) => final.includes(target.state), `deployment ${deploymentId} to end`, agent);
}

async function predictLocally(localUrl: string, png: Uint8Array) {
  const res = await fetch(`${localUrl}/v1/models/default:predict`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ instances: [{ b64: Buffer.from(png).toString('base64') }] }),
  });
  expect(res.status).toBe(200);
  return agentPredictResponseSchema.parse(await res.json());
}

beforeAll(async () => {
  await initTf(['cpu']);
  t = await createTestApp({ EDGE_HEARTBEAT_SECONDS: 1 }, { now: () => new Date() });
  member = await createTestUser(t);
  const project = await seedProject(t, { members: [{ user: member, role: 'admin' }], labels: ['defect'] });
  projectId = project.id;
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  proxy = await startProxy(`http://127.0.0.1:${port}`);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const created = await as(t, member, 'POST', `projects/${projectId}/points`, { kind: 'edge', name: 'Line 1' });
  expect(created.status).toBe(201);
  pointId = created.body.point.id as string;
  token = created.body.enrollment.token as string;
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await new Promise((resolve) => proxy?.close(resolve));
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  rmSync(agentDir, { recursive: true, force: true });
});

describe('the edge agent against a real server', () => {
  it('enrols, deploys through a cut download, serves, rolls back a damaged model, is seen gone, restarts, is revoked', async () => {
    const agent = startAgent(['--token', token, '--name', 'line-1-box']);
    const localUrl = await agent.localUrl;
    const connected = await waitFor(readPoint, (p) => p.connection === 'connected', 'the agent to connect', agent);
    expect(connected.device?.hostname).toBe('line-1-box');
    expect(agent.output()).toMatch(/enrolled as device dev_/);

    // A connectivity test from the console is answered by the agent's next call.
    const ping = await as(t, member, 'POST', `projects/${projectId}/points/${pointId}/pings`);
    expect(ping.status).toBe(202);
    const readPing = async () =>
      pingSchema.parse(
        (await as(t, member, 'GET', `projects/${projectId}/points/${pointId}/pings/${ping.body.id as string}`)).body,
      );
    const answered = await waitFor(readPing, (p) => p.state !== 'waiting', 'the ping to be answered', agent);
    expect(answered.state).toBe('answered');
    expect(answered.rttMs).toBeGreaterThanOrEqual(0);

    // A real detector, uploaded as users do; its artifact's first download is cut by the proxy.
    const goodZip = await redSquareDetectorZip('defect');
    const good = await uploadModel(goodZip, 'good');
    const first = await deployAndWait(good.id, ['succeeded', 'failed', 'rolled_back'], agent);
    expect(first, agent.output()).toMatchObject({ state: 'succeeded', error: null });
    expect(artifactRequests.length).toBeGreaterThanOrEqual(2);
    expect(artifactRequests[0]!.range).toBeUndefined();
    expect(artifactRequests[1]!.range).toMatch(/^bytes=\d+-$/);
    // Every byte that came before the cut was kept: the resume asks for exactly the rest.
    expect(cutAtBytes).toBeGreaterThan(0);
    expect(artifactRequests[1]!.range).toBe(`bytes=${cutAtBytes}-`);
    expect(artifactRequests[1]!['if-range']).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await readPoint()).version).toMatch(/^[0-9a-f]{64}$/);

    // The agent's answer equals the in-process one on the same image.
    const image = { width: 256, height: 256, data: new Uint8Array(256 * 256 * 3) };
    for (let i = 0; i < 256 * 256; i++) {
      const [x, y] = [i % 256, Math.floor(i / 256)];
      image.data.set(x >= 64 && x < 96 && y >= 32 && y < 64 ? [229, 57, 53] : [40, 40, 40], i * 3);
    }
    const raw256 = { raw: { width: 256, height: 256, channels: 3 as const } };
    const png = new Uint8Array(await sharp(Buffer.from(image.data), raw256).png().toBuffer());
    const served = await predictLocally(localUrl, png);
    const loaded = await readModelZip(goodZip);
    const raw = await loaded.predict(image, manifestDecodeOptions(loaded.manifest));
    const expected = toServedPredictions(raw, ['defect'], 256, 256, 0);
    loaded.dispose();
    expect(served.predictions[0]!.length).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    served.predictions[0]!.forEach((p, i) => {
      expect(p.label).toBe(expected[i]!.label);
      expect(p.score).toBeCloseTo(expected[i]!.score, 1);
      for (const k of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(p.box![k] - expected[i]!.box![k])).toBeLessThanOrEqual(1);
      }
    });
    const goodVersion = served.version;

    // A damaged copy passes the upload check; the agent's warm-up refuses it and keeps the good one.
    // Made with the command users rehearse a rollback with.
    const goodPath = path.join(agentDir, '..', `${path.basename(agentDir)}-good.zip`);
    const damagedPath = `${goodPath}.damaged.zip`;
    writeFileSync(goodPath, goodZip);
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/damageModel.ts', goodPath, damagedPath]);
    const damaged = await uploadModel(new Uint8Array(readFileSync(damagedPath)), 'damaged');
    rmSync(goodPath);
    rmSync(damagedPath);
    const second = await deployAndWait(damaged.id, ['succeeded', 'failed', 'rolled_back'], agent);
    expect(second, agent.output()).toMatchObject({ state: 'rolled_back', error: 'warmup_failed' });
    expect(second.detail).toBeTruthy();
    expect((await predictLocally(localUrl, png)).version).toBe(goodVersion);
    expect(agent.output()).toMatch(/rolled back: warmup_failed/);

    // Killed without a word: three missed heartbeats later the console says not connected.
    agent.child.kill('SIGKILL');
    await waitFor(readPoint, (p) => p.connection === 'not_connected', 'the point to be seen gone');

    // Started again from its data directory alone: the stored credential, the good model served.
    const again = startAgent([]);
    const againUrl = await again.localUrl;
    await waitFor(readPoint, (p) => p.connection === 'connected', 'the agent to reconnect', again);
    expect((await predictLocally(againUrl, png)).version).toBe(goodVersion);
    expect(again.output()).not.toMatch(/enrolled as device/);
    const exitOf = (agent: Agent) =>
      new Promise<number | null>((resolve) => {
        if (agent.child.exitCode !== null) resolve(agent.child.exitCode);
        agent.child.on('exit', (c) => resolve(c));
      });
    again.child.kill('SIGTERM');
    expect(await exitOf(again)).toBe(0);

    // Revoked in the console: the agent stops serving at its next call and exits with code 3.
    const third = startAgent([]);
    const thirdUrl = await third.localUrl;
    await waitFor(readPoint, (p) => p.connection === 'connected', 'the agent to reconnect', third);
    const revoked = await as(t, member, 'POST', `projects/${projectId}/points/${pointId}/revocations`);
    expect(revoked.status).toBe(200);
    expect(await exitOf(third)).toBe(3);
    expect(third.output()).toMatch(/revoked/);
    await expect(fetch(`${thirdUrl}/health/live`)).rejects.toThrow();
  }, 240_000);
});
