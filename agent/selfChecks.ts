import { statfs } from 'node:fs/promises';
import type { AgentChecks } from '../contract/apiDeploy';

/*
 * The agent's self-checks, reported with every heartbeat: its clock against the server's (a
 * skewed clock makes the console's times and the metrics minutes wrong), the free disk of its data
 * directory (a model that cannot be stored fails with disk_full), and how many calls in a row
 * failed and why.
 */

export interface SelfChecks {
  /** A call got through: `sentAt` and `receivedAt` are the agent's clock around it, `serverTime` the server's. */
  callSucceeded(sentAt: number, receivedAt: number, serverTime?: string): void;
  callFailed(error: unknown): void;
  /** Consecutive failures since the last success. */
  failedInARow(): number;
  snapshot(): Promise<AgentChecks>;
}

/**
 * Agent clock − server clock. The server stamped its time somewhere in the round trip; assuming
 * the middle, the agent's clock then read `sentAt + (receivedAt − sentAt) / 2`.
 */
export function clockSkewMs(sentAt: number, receivedAt: number, serverTime: string): number | null {
  const server = Date.parse(serverTime);
  if (!Number.isFinite(server)) return null;
  return Math.round(sentAt + (receivedAt - sentAt) / 2 - server);
}

export async function freeDiskBytes(dir: string): Promise<number | null> {
  try {
    const stats = await statfs(dir);
    // bavail: blocks free to an unprivileged user (the agent does not run as root).
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 300);
}

export function createSelfChecks(dataDir: string): SelfChecks {
  let skew: number | null = null;
  let failed = 0;
  // Failures before the last success, as the contract reports them.
  let failedBeforeSuccess = 0;
  let lastError: string | null = null;
  return {
    callSucceeded(sentAt, receivedAt, serverTime) {
      if (serverTime) skew = clockSkewMs(sentAt, receivedAt, serverTime) ?? skew;
      failedBeforeSuccess = failed;
      failed = 0;
    },
    callFailed(error) {
      failed++;
      lastError = describe(error);
    },
    failedInARow: () => failed,
    async snapshot() {
      return {
        clockSkewMs: skew,
        freeDiskBytes: await freeDiskBytes(dataDir),
        failedCalls: Math.max(failed, failedBeforeSuccess),
        lastError,
      };
    },
  };
}
