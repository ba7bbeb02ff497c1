import { FINAL_DEPLOYMENT_STATES, type DeploymentState } from '../../../contract/apiDeploy';

/*
 * A deployment target moves only forward: pending → downloading → activating → succeeded | failed
 * | rolled_back. Reports can arrive late or twice (an agent retries a heartbeat the server already
 * applied, or a console supersedes the target between two calls), so the server applies a report
 * only when it moves the target on, never out of a final state, and never into 'superseded',
 * which is the server's own word for a deployment replaced by a newer one.
 */

const RANK: Record<DeploymentState, number> = {
  pending: 0,
  downloading: 1,
  activating: 2,
  succeeded: 3,
  failed: 3,
  rolled_back: 3,
  superseded: 3,
};

export function isFinalState(state: string): boolean {
  return (FINAL_DEPLOYMENT_STATES as readonly string[]).includes(state);
}

/**
 * Whether a target in `from` may take the reported `to`. The same state again is allowed while it
 * is not final (a download's progress moves within 'downloading').
 */
export function canMoveTarget(from: string, to: DeploymentState): boolean {
  if (!(from in RANK) || isFinalState(from) || to === 'superseded') return false;
  return RANK[to] >= RANK[from as DeploymentState];
}
