import type { RouteEntry } from './routeTable';

/** The deployment routes of ROUTE_TABLE (same rules as routeTable.ts). */
export const DEPLOY_ROUTES: readonly RouteEntry[] = [
  // Points, enrolments, pings, metrics, keys and deployments (server/routes/points.ts, deployments.ts; contract/apiDeploy.ts).
  // -- console routes end --
  // The edge agent's protocol (server/routes/agent.ts; contract/apiAgent.ts): device credentials, not users.
  // -- agent routes end --
  // A web point's public endpoint (server/routes/predict.ts; contract/apiPredict.ts): point keys, not users.
  { method: 'POST', path: '/api/v1/points/:pointId/predict', access: 'credential' },
  // -- predict routes end --
];
