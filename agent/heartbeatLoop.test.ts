import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentDesired, AgentReported } from '../contract/apiAgent';
import type { ModelManifest } from '../contract/apiModels';
import { createServingSlot } from './activation';
import { describeRuntime } from './agentRuntime';
import { startHeartbeatLoop } from './heartbeatLoop';
import { createModelStore } from './modelStore';
import { createSelfChecks } from './selfChecks';
import { DeviceRevokedError, TransientError, type ServerClient } from './serverClient';
import { createServingMetrics } from './servingMetrics';
import type { ServingModel } from './servingModel';

const version = 'c'.repeat(64);

function desired(over: Partial<AgentDesired> = {}): AgentDesired {
  return {
    serverTime: new Date().toISOString(),
    heartbeatSeconds: 30,
    pointName: 'Gate',
    deployment: null,
    pings: [],
    ...over,
  };
}

/** A client whose heartbeat answers come from a script, recording every call. */
function scriptedClient(answers: (() => AgentDesired)[]) {
  const reports: AgentReported[] = [];
  const calls: string[] = [];
  const client: ServerClient = {
    server: 'http://server.test',
    setCredential() {},
    authHeaders: () => ({}),
    url: (path) => `http://server.test/${path}`,
    async call(_method, path, body) {
      calls.push(path);
      if (path !== 'api/v1/agent/heartbeats') return null;
      reports.push(body as AgentReported);
      const next = answers.shift();
      if (!next) return desired() as never;
      return next() as never;
    },
  };
  return { client, reports, calls };
}

function fakeModel(v: string): ServingModel {
  return { modelId: 'm', version: v, manifest: {} as ModelManifest, predict: async () => [], dispose() {} };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('heartbeat loop', () => {
  it('backs off while the server is down, keeps the counts, answers pings and reports a deployment at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-loop-'));
    const store = createModelStore(dataDir);
    // The artifact is already stored (a re-deployment): no download, only activation.
    writeFileSync(store.zipPath(version), 'zip');
    const slot = createServingSlot();
    const metrics = createServingMetrics();
    metrics.record(12, true, ['car']);
    const deployment = {
      id: 'd1',
      modelId: 'm',
      version,
      bytes: 3,
      url: '/api/v1/agent/artifacts/d1',
      manifest: {} as ModelManifest,
    };
    const { client, reports, calls } = scriptedClient([
      () => {
        throw new TransientError('connect ECONNREFUSED');
      },
      () => desired({ pings: [{ id: 'p1' }], deployment }),
    ]);
    const stop = new AbortController();
    const lines: string[] = [];
    const loop = startHeartbeatLoop({
      client,
      dataDir,
      store,
      slot,
      metrics,
      checks: createSelfChecks(dataDir),
      runtime: describeRuntime('cpu', 'box'),
      localUrl: 'http://127.0.0.1:8501',
      heartbeatSeconds: 30,
      activate: async () => {
        slot.swap(fakeModel(version));
        return { outcome: 'succeeded' };
      },
      log: (line) => lines.push(line),
      signal: stop.signal,
      backoffMs: () => 5,
    });
    // Long before the 30 s period: the change to 'succeeded' is reported right away.
    await until(() => reports.some((r) => r.deployment?.state === 'succeeded'));
    stop.abort();
    await loop.done;

    expect(lines.some((l) => /server unreachable \(connect ECONNREFUSED\); retrying in 0 s/.test(l))).toBe(true);
    expect(lines.some((l) => /connected to http:\/\/server.test as point 'Gate'/.test(l))).toBe(true);
    // The counts of the failed report went with the next one, once.
    expect(reports[0]!.metrics?.requests).toBe(1);
    expect(reports[1]!.metrics?.requests).toBe(1);
    expect(reports.slice(2).every((r) => r.metrics === null)).toBe(true);
    expect(reports[1]!.checks.failedCalls).toBe(1);
    expect(calls).toContain('api/v1/agent/pings/p1');
    const last = reports.at(-1)!;
    expect(last).toMatchObject({ status: 'serving', serving: { modelId: 'm', version } });
    expect(last.deployment).toMatchObject({ id: 'd1', state: 'succeeded', error: null });
    expect(store.pointer().current?.version).toBe(version);
    expect(loop.status().state).toBe('serving');
  });

  it('does not take up a deployment it already finished, after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-loop-'));
    writeFileSync(
      join(dataDir, 'deployment.json'),
      JSON.stringify({ id: 'd1', state: 'rolled_back', progress: 1, error: 'warmup_failed', detail: 'NaN' }),
    );
    const deployment = { id: 'd1', modelId: 'm', version, bytes: 3, url: '/a', manifest: {} as ModelManifest };
    const { client, reports } = scriptedClient([() => desired({ deployment })]);
    const stop = new AbortController();
    let activations = 0;
    const loop = startHeartbeatLoop({
      client,
      dataDir,
      store: createModelStore(dataDir),
      slot: createServingSlot(),
      metrics: createServingMetrics(),
      checks: createSelfChecks(dataDir),
      runtime: describeRuntime('cpu'),
      localUrl: null,
      heartbeatSeconds: 30,
      activate: async () => {
        activations++;
        return { outcome: 'succeeded' };
      },
      log: () => {},
      signal: stop.signal,
    });
    await until(() => reports.length >= 1);
    stop.abort();
    await loop.done;
    expect(activations).toBe(0);
    expect(reports[0]!.deployment).toMatchObject({ id: 'd1', state: 'rolled_back', error: 'warmup_failed' });
    expect(loop.status()).toEqual({ state: 'failed', detail: 'NaN' });
  });

  it('ends with DeviceRevokedError when the credential is refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-loop-'));
    const { client } = scriptedClient([
      () => {
        throw new DeviceRevokedError('device_revoked');
      },
    ]);
    const loop = startHeartbeatLoop({
      client,
      dataDir,
      store: createModelStore(dataDir),
      slot: createServingSlot(),
      metrics: createServingMetrics(),
      checks: createSelfChecks(dataDir),
      runtime: describeRuntime('cpu'),
      localUrl: null,
      heartbeatSeconds: 30,
      activate: async () => ({ outcome: 'succeeded' }),
      log: () => {},
      signal: new AbortController().signal,
    });
    await expect(loop.done).rejects.toBeInstanceOf(DeviceRevokedError);
  });
});
