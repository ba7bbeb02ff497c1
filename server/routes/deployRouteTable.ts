import type { RouteEntry } from './routeTable';

/** The deployment routes of ROUTE_TABLE (same rules as routeTable.ts). */
export const DEPLOY_ROUTES: readonly RouteEntry[] = [
  // Points, enrolments, pings, metrics, keys and deployments (server/routes/points.ts, deployments.ts; contract/apiDeploy.ts).
  { method: 'GET', path: '/api/points', access: 'signedIn', sample: () => ({ query: 'kind=edge' }) },
  {
    method: 'POST',
    path: '/api/projects/:projectId/points',
    access: 'projectMember',
    sample: () => ({ body: { kind: 'edge', name: 'Gate camera' } }),
  },
  { method: 'GET', path: '/api/projects/:projectId/points', access: 'projectMember', sample: () => ({}) },
  // Point ids of the samples do not exist (points.test.ts has real ones): any answer but 401/403.
  {
    method: 'GET',
    path: '/api/projects/:projectId/points/:pointId',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'PATCH',
    path: '/api/projects/:projectId/points/:pointId',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none' }, body: { name: 'Renamed' } }),
    outcome: 'notDenied',
  },
  {
    method: 'DELETE',
    path: '/api/projects/:projectId/points/:pointId',
    access: 'projectAdmin',
    sample: () => ({ params: { pointId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'POST',
    path: '/api/projects/:projectId/points/:pointId/enrollments',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'POST',
    path: '/api/projects/:projectId/points/:pointId/revocations',
    access: 'projectAdmin',
    sample: () => ({ params: { pointId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'POST',
    path: '/api/projects/:projectId/points/:pointId/pings',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/points/:pointId/pings/:pingId',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none', pingId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/points/:pointId/metrics',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/points/:pointId/keys',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'POST',
    path: '/api/projects/:projectId/points/:pointId/keys',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none' }, body: { name: 'Server' } }),
    outcome: 'notDenied',
  },
  {
    method: 'DELETE',
    path: '/api/projects/:projectId/points/:pointId/keys/:keyId',
    access: 'projectMember',
    sample: () => ({ params: { pointId: 'none', keyId: 'none' } }),
    outcome: 'notDenied',
  },
  // A deployment needs a model zip (deployments.test.ts).
  {
    method: 'POST',
    path: '/api/projects/:projectId/deployments',
    access: 'projectMember',
    sample: () => ({ body: { modelId: 'none', pointIds: ['none'] } }),
    outcome: 'notDenied',
  },
  { method: 'GET', path: '/api/projects/:projectId/deployments', access: 'projectMember', sample: () => ({}) },
  {
    method: 'GET',
    path: '/api/projects/:projectId/deployments/:deploymentId',
    access: 'projectMember',
    sample: () => ({ params: { deploymentId: 'none' } }),
    outcome: 'notDenied',
  },
  // -- console routes end --
  // The edge agent's protocol (server/routes/agent.ts; contract/apiAgent.ts): device credentials, not users.
  // The enrolment's credential is its one-time token (in the body): an unknown one is 401 for everyone.
  {
    method: 'POST',
    path: '/api/v1/agent/enrollments',
    access: 'credential',
    sample: () => ({
      body: {
        token: 'met_unknown',
        runtime: {
          agentVersion: '1.0.0',
          node: 'v20.18.0',
          platform: 'linux',
          arch: 'x64',
          backends: ['wasm'],
          modelFormats: [1],
          hostname: null,
        },
      },
    }),
  },
  { method: 'POST', path: '/api/v1/agent/heartbeats', access: 'credential' },
  { method: 'POST', path: '/api/v1/agent/pings/:pingId', access: 'credential' },
  { method: 'GET', path: '/api/v1/agent/artifacts/:deploymentId', access: 'credential' },
  // -- agent routes end --
  // A web point's public endpoint (server/routes/predict.ts; contract/apiPredict.ts): point keys, not users.
  { method: 'POST', path: '/api/v1/points/:pointId/predict', access: 'credential' },
  // -- predict routes end --
];
