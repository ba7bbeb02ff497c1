import { agentDesiredSchema, type AgentReported, type AgentRuntime } from '../contract/apiAgent';
import { isEmptyMetrics, type ServingMetrics } from './servingMetrics';
import type { ServingSlot } from './activation';
import {
  readLastDeployment,
  runDeployment,
  type DeploymentRunnerDeps,
  type DesiredDeployment,
  type ReportedDeployment,
} from './deploymentRunner';
import type { ModelStore } from './modelStore';
import type { SelfChecks } from './selfChecks';
import { backoffDelayMs, DeviceRevokedError, sleep, type ServerClient } from './serverClient';

/*
 * The control loop. Every `heartbeatSeconds` the agent sends what it runs and gets what it should
 * run: pings are answered at once, and a deployment it has not handled yet is started. A change of
 * a deployment's state is reported right away, not at the next beat. While the server is down the
 * loop backs off (1 s → 60 s, jittered) and the model keeps serving; the serving counts are kept
 * until a report is accepted. It ends when the signal aborts, or with DeviceRevokedError.
 */

export interface HeartbeatLoopOptions {
  client: ServerClient;
  dataDir: string;
  store: ModelStore;
  slot: ServingSlot;
  metrics: ServingMetrics;
  checks: SelfChecks;
  runtime: AgentRuntime;
  localUrl: string | null;
  heartbeatSeconds: number;
  activate: DeploymentRunnerDeps['activate'];
  log: (line: string) => void;
  signal: AbortSignal;
  /** Tests shorten the backoff. */
  backoffMs?: (attempt: number) => number;
}

export interface HeartbeatLoop {
  /** The status the local endpoint shows. */
  status(): { state: AgentReported['status']; detail: string | null };
  /** Resolves when stopped by the signal; rejects with DeviceRevokedError. */
  done: Promise<void>;
}

export function startHeartbeatLoop(options: HeartbeatLoopOptions): HeartbeatLoop {
  const { client, checks, metrics, log, signal } = options;
  let heartbeatSeconds = options.heartbeatSeconds;
  let deployment: ReportedDeployment | null = readLastDeployment(options.dataDir);
  let handledId: string | null = deployment?.id ?? null;
  let running: Promise<void> | null = null;
  // Aborts the running deployment's download when a newer one arrives (the server superseded it).
  let supersede: AbortController | null = null;
  let revoked: DeviceRevokedError | null = null;
  let connected = false;
  let wake: (() => void) | null = null;
  const answeredPings = new Set<string>();

  const status = (): { state: AgentReported['status']; detail: string | null } => {
    if (running && deployment?.state === 'downloading') return { state: 'downloading', detail: null };
    if (running && deployment?.state === 'activating') return { state: 'activating', detail: null };
    if (options.slot.current()) return { state: 'serving', detail: null };
    if (deployment?.state === 'failed' || deployment?.state === 'rolled_back') {
      return { state: 'failed', detail: deployment.detail };
    }
    return { state: 'idle', detail: null };
  };

  const reportNow = () => wake?.();

  function startDeployment(desired: DesiredDeployment): void {
    handledId = desired.id;
    supersede = new AbortController();
    running = runDeployment(desired, {
      dataDir: options.dataDir,
      store: options.store,
      servingVersion: () => options.slot.current()?.version ?? null,
      activate: options.activate,
      artifactUrl: (path) => client.url(path),
      authHeaders: () => client.authHeaders(),
      onChange(next) {
        const changed = next.state !== deployment?.state || next.id !== deployment?.id;
        deployment = next;
        if (changed) reportNow();
      },
      log,
      signal: AbortSignal.any([signal, supersede.signal]),
    })
      .catch((error: unknown) => {
        if (error instanceof DeviceRevokedError) revoked = error;
        else log(`deployment ${desired.id} stopped: ${(error as Error).message}`);
      })
      .finally(() => {
        running = null;
        supersede = null;
        reportNow();
      });
  }

  function answerPing(id: string): void {
    if (answeredPings.has(id)) return;
    answeredPings.add(id);
    void client.call('POST', `api/v1/agent/pings/${encodeURIComponent(id)}`, undefined, null, signal).catch(() => {
      // Not answered: the next desired state hands the ping over again.
      answeredPings.delete(id);
    });
  }

  async function beat(): Promise<boolean> {
    const delta = metrics.takeDelta();
    const sentAt = Date.now();
    const current = options.slot.current();
    const report: AgentReported = {
      sentAt: new Date(sentAt).toISOString(),
      runtime: options.runtime,
      localUrl: options.localUrl,
      status: status().state,
      serving: current ? { modelId: current.modelId, version: current.version } : null,
      deployment,
      checks: await checks.snapshot(),
      metrics: isEmptyMetrics(delta) ? null : delta,
    };
    let desired;
    try {
      desired = await client.call('POST', 'api/v1/agent/heartbeats', report, agentDesiredSchema, signal);
    } catch (error) {
      metrics.restoreDelta(delta);
      if (error instanceof DeviceRevokedError) throw error;
      if (signal.aborted) return true;
      checks.callFailed(error);
      return false;
    }
    const failedBefore = checks.failedInARow();
    checks.callSucceeded(sentAt, Date.now(), desired?.serverTime);
    if (!desired) return true;
    if (!connected) log(`connected to ${client.server} as point '${desired.pointName}'`);
    else if (failedBefore > 0) log(`server reachable again after ${failedBefore} failed calls`);
    connected = true;
    heartbeatSeconds = desired.heartbeatSeconds;
    for (const ping of desired.pings) answerPing(ping.id);
    const next = desired.deployment;
    if (next && next.id !== handledId) {
      if (!running) startDeployment(next);
      else if (deployment?.state === 'downloading' && !supersede?.signal.aborted) {
        // Activation is short and switches atomically: only a download is cut short.
        log(`deployment ${deployment.id} superseded by ${next.id}`);
        supersede?.abort();
      }
    }
    return true;
  }

  async function loop(): Promise<void> {
    let attempt = 0;
    while (!signal.aborted) {
      if (revoked) throw revoked;
      const ok = await beat();
      if (revoked) throw revoked;
      let waitMs = heartbeatSeconds * 1000;
      if (!ok) {
        waitMs = (options.backoffMs ?? backoffDelayMs)(attempt++);
        const last = (await checks.snapshot()).lastError;
        log(`server unreachable (${last ?? 'no answer'}); retrying in ${Math.round(waitMs / 1000)} s`);
      } else attempt = 0;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      await Promise.race([sleep(waitMs, signal), woken]);
      wake = null;
    }
    await running;
  }

  return { status, done: loop() };
}
