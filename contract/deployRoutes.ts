/*
 * Console deployment addresses (locale-free); the route patterns are in contract/routes.ts
 * (`paths.consoleEdge…`). Kept apart from routes.ts, which the landing shell loads.
 */

const seg = encodeURIComponent;

export function edgePointHref(projectId: string, pointId: string): string {
  return `/console/edge/${seg(projectId)}/${seg(pointId)}`;
}

export function webPointHref(projectId: string, pointId: string): string {
  return `/console/web-points/${seg(projectId)}/${seg(pointId)}`;
}

/** The new-deployment page, with a project and optionally the model and points already chosen. */
export function newDeploymentHref(projectId: string, options: { modelId?: string; pointId?: string } = {}): string {
  const query = new URLSearchParams({ project: projectId });
  if (options.modelId) query.set('model', options.modelId);
  if (options.pointId) query.set('point', options.pointId);
  return `/console/deployments/new?${query.toString()}`;
}
