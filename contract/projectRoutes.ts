/**
 * Console project addresses (locale-free). Kept apart from routes.ts, which the landing shell
 * loads, so that only the console chunks carry them; the route pattern itself is
 * `paths.consoleProject`.
 */

/** Tabs of a console project page; 'dataset' is the default and has no path segment. */
export const PROJECT_TABS = ['dataset', 'training', 'models', 'settings'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export function projectHref(projectId: string, tab?: ProjectTab): string {
  return `/console/projects/${encodeURIComponent(projectId)}${tab && tab !== 'dataset' ? `/${tab}` : ''}`;
}

/** One training of a project (route `paths.consoleProjectTraining`); 'new' opens the new-training wizard. */
export function trainingHref(projectId: string, trainingId: string | 'new'): string {
  return `/console/projects/${encodeURIComponent(projectId)}/trainings/${encodeURIComponent(trainingId)}`;
}

/**
 * One image of a project in the studio; with `trainingId`, the studio also draws what that
 * training's model predicted for the image (the evaluation's mistakes open this way).
 */
export function projectImageHref(projectId: string, imageId: string, trainingId?: string): string {
  const base = `/console/projects/${encodeURIComponent(projectId)}/images/${encodeURIComponent(imageId)}`;
  return trainingId ? `${base}?training=${encodeURIComponent(trainingId)}` : base;
}
