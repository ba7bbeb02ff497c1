import { hostname } from 'node:os';
import { AGENT_MODEL_FORMATS, type AgentRuntime } from '../contract/apiAgent';

/* What the agent tells the server about itself (enrolment and every heartbeat). */

export const AGENT_VERSION = '1.0.0';

export function describeRuntime(backend: string, name?: string): AgentRuntime {
  let host: string | null = name ?? null;
  if (!host) {
    try {
      host = hostname();
    } catch {
      host = null;
    }
  }
  // The backend that started first, then the pure-JS fallback every Node has.
  const backends = [backend, ...(backend === 'cpu' ? [] : ['cpu'])];
  return {
    agentVersion: AGENT_VERSION,
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    backends,
    modelFormats: [...AGENT_MODEL_FORMATS],
    hostname: host ? host.slice(0, 255) : null,
  };
}
