import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/*
 * The agent's data directory: `state.json` (the server it enrolled with and its device
 * credential), `models/` (modelStore.ts) and `downloads/` (downloader.ts). The state file holds a
 * secret, so it is written owner-only (0600) and replaced atomically (temp file + rename): a crash
 * mid-write leaves the old state, never half of one.
 */

export const DEFAULT_DATA_DIR_NAME = '.maru-edge-agent';

export function defaultDataDir(): string {
  return join(homedir(), DEFAULT_DATA_DIR_NAME);
}

const agentStateSchema = z.object({
  /** The server's origin, as given with --server (no trailing slash). */
  server: z.string(),
  deviceId: z.string(),
  credential: z.string(),
  pointId: z.string(),
  pointName: z.string(),
  /** sha256 of the enrolment token used, so the same token given again is not spent twice. */
  tokenHash: z.string(),
  enrolledAt: z.string(),
});
export type AgentState = z.infer<typeof agentStateSchema>;

export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `https://host:port/` → `https://host:port`: one spelling per server, so a restart finds its state. */
export function normalizeServerUrl(server: string): string {
  const url = new URL(server);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--server must be http(s): ${server}`);
  return url.toString().replace(/\/+$/, '');
}

/** Writes a file atomically with the given mode: a sibling temp file, fsynced by writeFileSync's close, renamed over. */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, data, { mode });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function ensureDataDir(dataDir: string): void {
  // 0700: the directory holds the credential and the models.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

function statePath(dataDir: string): string {
  return join(dataDir, 'state.json');
}

/** The stored state, or null when none (or when the file is unreadable: the agent enrols again). */
export function readAgentState(dataDir: string): AgentState | null {
  let text: string;
  try {
    text = readFileSync(statePath(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = agentStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeAgentState(dataDir: string, state: AgentState): void {
  ensureDataDir(dataDir);
  writeFileAtomic(statePath(dataDir), `${JSON.stringify(state, null, 2)}\n`, 0o600);
}

export function clearAgentState(dataDir: string): void {
  rmSync(statePath(dataDir), { force: true });
}

export type StartPlan = { kind: 'resume'; state: AgentState } | { kind: 'enrol'; token: string } | { kind: 'missing' };

/**
 * What to do at start. A stored credential for the same server is used as it is; a token given
 * again is ignored when it is the one already used (a restart with the same command line), and
 * enrols again when it is new (the console re-enrolled the point, or it is another point).
 */
export function planStart(stored: AgentState | null, server: string, token: string | undefined): StartPlan {
  const sameServer = stored !== null && stored.server === server;
  if (token && !(sameServer && stored.tokenHash === tokenHashOf(token))) return { kind: 'enrol', token };
  if (sameServer) return { kind: 'resume', state: stored };
  return { kind: 'missing' };
}
