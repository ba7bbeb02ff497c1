import { useEffect, useState } from 'react';
import type { Point } from '../../../../contract/apiDeploy';
import { latencyQuantile } from '../../../../contract/latencyHistogram';

/** Figures and names as the deployment screens show them. */

/** How often the lists and a point's page ask again (ms): a heartbeat is 15 s, a rollout step seconds. */
export const POLL_MS = 4000;
export const METRICS_POLL_MS = 15000;

/** An artifact's sha256 as people compare it: its first 12 characters. */
export function shortVersion(version: string | null | undefined): string {
  return version ? version.slice(0, 12) : '—';
}

/** A model as a list names it: its tag, else its id. */
export function modelName(model: { id: string; tag: string | null } | null | undefined): string {
  if (!model) return '—';
  return model.tag || model.id;
}

/** The last hour's p95 latency of a point's list row (ms), null without traffic. */
export function recentP95(point: Pick<Point, 'recent'>): number | null {
  return point.recent ? latencyQuantile(point.recent.latency, 0.95) : null;
}

/** The current time, ticking every `everyMs`, so that 'last seen 2 minutes ago' moves on its own. */
export function useNow(everyMs = 10000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** Whether the project role may manage points and deploy (admins and members; workers may not). */
export function canManage(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'member';
}
