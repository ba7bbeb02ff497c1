import {
  deploymentListSchema,
  deploymentSchema,
  enrollmentSchema,
  pingSchema,
  pointCreatedSchema,
  pointKeyCreatedSchema,
  pointKeyListSchema,
  pointListSchema,
  pointMetricsSchema,
  pointSchema,
  type PointCreate,
  type PointKind,
} from '../../../../contract/apiDeploy';
import { apiFetch } from '../../../api/apiFetch';

/** The deployment calls of contract/apiDeploy.ts that the console makes. */

const p = (projectId: string) => `projects/${encodeURIComponent(projectId)}`;
const pt = (projectId: string, pointId: string) => `${p(projectId)}/points/${encodeURIComponent(pointId)}`;

/** Query keys: a point's own data under ['project', id] (dropped with the project), the cross-project lists apart. */
export const deployKeys = {
  points: (kind: PointKind, organization: string | null) => ['points', kind, organization] as const,
  projectPoints: (projectId: string) => ['project', projectId, 'points'] as const,
  point: (projectId: string, pointId: string) => ['project', projectId, 'points', pointId] as const,
  metrics: (projectId: string, pointId: string, minutes: number) =>
    ['project', projectId, 'points', pointId, 'metrics', minutes] as const,
  keys: (projectId: string, pointId: string) => ['project', projectId, 'points', pointId, 'keys'] as const,
  deployments: (projectId: string, filter: { modelId?: string; pointId?: string } = {}) =>
    ['project', projectId, 'deployments', filter] as const,
  deployment: (projectId: string, deploymentId: string) => ['project', projectId, 'deployment', deploymentId] as const,
};

export const deployApi = {
  /** Every point of the caller's projects (admin or member), in the organization as GET projects scopes it. */
  points: (kind: PointKind, organization: string | null) => {
    const query = new URLSearchParams({ kind });
    if (organization) query.set('organization', organization);
    return apiFetch(`points?${query.toString()}`, { schema: pointListSchema });
  },
  projectPoints: (projectId: string) => apiFetch(`${p(projectId)}/points`, { schema: pointListSchema }),
  point: (projectId: string, pointId: string) => apiFetch(pt(projectId, pointId), { schema: pointSchema }),
  create: (projectId: string, body: PointCreate) =>
    apiFetch(`${p(projectId)}/points`, { method: 'POST', body, schema: pointCreatedSchema }),
  update: (
    projectId: string,
    pointId: string,
    body: { name?: string; description?: string; state?: 'running' | 'stopped' },
  ) => apiFetch(pt(projectId, pointId), { method: 'PATCH', body, schema: pointSchema }),
  remove: (projectId: string, pointId: string) => apiFetch(pt(projectId, pointId), { method: 'DELETE' }),
  enroll: (projectId: string, pointId: string) =>
    apiFetch(`${pt(projectId, pointId)}/enrollments`, { method: 'POST', body: {}, schema: enrollmentSchema }),
  revoke: (projectId: string, pointId: string) =>
    apiFetch(`${pt(projectId, pointId)}/revocations`, { method: 'POST', body: {}, schema: pointSchema }),
  ping: (projectId: string, pointId: string) =>
    apiFetch(`${pt(projectId, pointId)}/pings`, { method: 'POST', body: {}, schema: pingSchema }),
  pingState: (projectId: string, pointId: string, pingId: string) =>
    apiFetch(`${pt(projectId, pointId)}/pings/${encodeURIComponent(pingId)}`, { schema: pingSchema }),
  metrics: (projectId: string, pointId: string, minutes: number) =>
    apiFetch(`${pt(projectId, pointId)}/metrics?minutes=${minutes}`, { schema: pointMetricsSchema }),
  keys: (projectId: string, pointId: string) =>
    apiFetch(`${pt(projectId, pointId)}/keys`, { schema: pointKeyListSchema }),
  createKey: (projectId: string, pointId: string, body: { name: string; ratePerMinute?: number }) =>
    apiFetch(`${pt(projectId, pointId)}/keys`, { method: 'POST', body, schema: pointKeyCreatedSchema }),
  revokeKey: (projectId: string, pointId: string, keyId: string) =>
    apiFetch(`${pt(projectId, pointId)}/keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
  deployments: (projectId: string, filter: { modelId?: string; pointId?: string } = {}) => {
    const query = new URLSearchParams(filter as Record<string, string>).toString();
    return apiFetch(`${p(projectId)}/deployments${query ? `?${query}` : ''}`, { schema: deploymentListSchema });
  },
  deployment: (projectId: string, deploymentId: string) =>
    apiFetch(`${p(projectId)}/deployments/${encodeURIComponent(deploymentId)}`, { schema: deploymentSchema }),
  deploy: (projectId: string, modelId: string, pointIds: readonly string[]) =>
    apiFetch(`${p(projectId)}/deployments`, {
      method: 'POST',
      body: { modelId, pointIds },
      schema: deploymentSchema,
    }),
};
