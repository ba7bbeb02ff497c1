import { MISSED_HEARTBEATS_MAX, type ConnectionState } from '../../contract/apiDeploy';

/** The columns of a point that decide its connection. */
export interface ConnectionFacts {
  device_id: string | null;
  revoked_at: string | null;
  last_seen_at: string | null;
}

/**
 * An edge point's connection, computed from when its device last called rather than stored: a
 * stored flag would need a sweeper to turn it off when a device goes quiet, and would be wrong
 * between sweeps. Connected while the last call is at most MISSED_HEARTBEATS_MAX periods old.
 */
export function connectionState(point: ConnectionFacts, now: Date, heartbeatSeconds: number): ConnectionState {
  if (point.revoked_at) return 'revoked';
  if (!point.device_id) return 'unenrolled';
  if (!point.last_seen_at) return 'not_connected';
  const ageMs = now.getTime() - Date.parse(point.last_seen_at);
  return ageMs <= MISSED_HEARTBEATS_MAX * heartbeatSeconds * 1000 ? 'connected' : 'not_connected';
}
