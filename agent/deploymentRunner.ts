import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AgentDesired, AgentReported } from '../contract/apiAgent';
import { DEPLOYMENT_ERROR_CODES, DEPLOYMENT_STATES } from '../contract/apiDeploy';
import type { ActivationResult } from './activation';
import { writeFileAtomic } from './agentState';
import { DeployFailure, downloadArtifact, isDiskFull } from './downloader';
import type { ModelStore } from './modelStore';
import { DeviceRevokedError } from './serverClient';

/*
 * Carries out one deployment from the desired state: download (resumable, verified), store,
 * activate (activation.ts), and remembers how it went in `deployment.json`, so a restart neither
 * repeats a deployment that was rolled back nor forgets to report it.
 */

export type DesiredDeployment = NonNullable<AgentDesired['deployment']>;
export type ReportedDeployment = NonNullable<AgentReported['deployment']>;

const reportedDeploymentSchema = z.object({
  id: z.string(),
  state: z.enum(DEPLOYMENT_STATES),
  progress: z.number().min(0).max(1).nullable(),
  error: z.enum(DEPLOYMENT_ERROR_CODES).nullable(),
  detail: z.string().max(500).nullable(),
});

function recordPath(dataDir: string): string {
  return join(dataDir, 'deployment.json');
}

export function readLastDeployment(dataDir: string): ReportedDeployment | null {
  try {
    const parsed = reportedDeploymentSchema.safeParse(JSON.parse(readFileSync(recordPath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface DeploymentRunnerDeps {
  dataDir: string;
  store: ModelStore;
  /** The version serving now, if any. */
  servingVersion: () => string | null;
  activate: (zip: Uint8Array, deployment: DesiredDeployment) => Promise<ActivationResult>;
  artifactUrl: (path: string) => string;
  authHeaders: () => Record<string, string>;
  /** Every change of the reported deployment (the loop reports it at once). */
  onChange: (deployment: ReportedDeployment) => void;
  log: (line: string) => void;
  signal: AbortSignal;
  retryDelayMs?: (attempt: number) => number;
}

const short = (version: string) => version.slice(0, 12);

/** Runs one deployment to its final state; throws only DeviceRevokedError (the agent stops). */
export async function runDeployment(deployment: DesiredDeployment, deps: DeploymentRunnerDeps): Promise<void> {
  let reported: ReportedDeployment = {
    id: deployment.id,
    state: 'downloading',
    progress: 0,
    error: null,
    detail: null,
  };
  const update = (patch: Partial<ReportedDeployment>, final = false) => {
    reported = { ...reported, ...patch };
    if (final) {
      try {
        writeFileAtomic(recordPath(deps.dataDir), `${JSON.stringify(reported)}\n`, 0o600);
      } catch (error) {
        deps.log(`could not record the deployment's outcome: ${(error as Error).message}`);
      }
    }
    deps.onChange(reported);
  };

  if (deps.servingVersion() === deployment.version) {
    deps.store.setCurrent({ modelId: deployment.modelId, version: deployment.version });
    update({ state: 'succeeded', progress: 1 }, true);
    deps.log(`deployment ${deployment.id}: version ${short(deployment.version)} already serving`);
    return;
  }
  try {
    if (!deps.store.has(deployment.version)) {
      update({ state: 'downloading', progress: 0 });
      deps.log(`downloading model ${deployment.modelId} (${deployment.bytes} bytes) 0%`);
      let logged = 0;
      const path = await downloadArtifact({
        url: deps.artifactUrl(deployment.url),
        version: deployment.version,
        bytes: deployment.bytes,
        dataDir: deps.dataDir,
        headers: deps.authHeaders(),
        signal: deps.signal,
        retryDelayMs: deps.retryDelayMs,
        onRetry(reason, have, waitMs) {
          deps.log(`download interrupted at ${have} bytes (${reason}); resuming in ${Math.ceil(waitMs / 1000)} s`);
        },
        onProgress(fraction) {
          reported = { ...reported, progress: Math.round(fraction * 100) / 100 };
          const quarter = Math.floor(fraction * 4);
          if (quarter > logged) {
            logged = quarter;
            deps.log(`downloading model ${deployment.modelId} ${quarter * 25}%`);
          }
        },
      });
      try {
        deps.store.install(deployment.version, path);
      } catch (error) {
        if (isDiskFull(error)) throw new DeployFailure('disk_full', 'no room left to store the model');
        throw error;
      }
    }
    update({ state: 'activating', progress: 1 });
    deps.log(`activating model ${deployment.modelId} version ${short(deployment.version)}`);
    const zip = new Uint8Array(readFileSync(deps.store.zipPath(deployment.version)));
    const result = await deps.activate(zip, deployment);
    if (result.outcome === 'succeeded') {
      try {
        deps.store.setCurrent({ modelId: deployment.modelId, version: deployment.version });
      } catch (error) {
        // The model serves; only a restart would not find it. Said, not hidden.
        deps.log(`activated, but the model pointer could not be written: ${(error as Error).message}`);
      }
      update({ state: 'succeeded', error: null, detail: null }, true);
      deps.log(`activated model ${deployment.modelId} version ${short(deployment.version)}`);
      return;
    }
    update({ state: result.outcome, error: result.code, detail: result.detail.slice(0, 500) }, true);
    const serving = deps.servingVersion();
    deps.log(
      result.outcome === 'rolled_back'
        ? `rolled back: ${result.code} (${result.detail}); still serving version ${short(serving ?? '')}`
        : `deployment failed: ${result.code} (${result.detail})`,
    );
  } catch (error) {
    if (error instanceof DeviceRevokedError) throw error;
    // Stopped mid-way (SIGTERM): not an outcome; the next start takes the deployment up again.
    if (deps.signal.aborted) return;
    const failure =
      error instanceof DeployFailure
        ? error
        : isDiskFull(error)
          ? new DeployFailure('disk_full', 'no room left on the disk of the data directory')
          : new DeployFailure('download_failed', (error as Error).message ?? String(error));
    update({ state: 'failed', error: failure.code, detail: failure.message.slice(0, 500) }, true);
    deps.log(`deployment failed: ${failure.code} (${failure.message})`);
  }
}
