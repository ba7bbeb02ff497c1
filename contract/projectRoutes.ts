/**
 * Console project addresses (locale-free). Kept apart from routes.ts, which the landing shell
 * loads, so that only the console chunks carry them; the route pattern itself is
 * `paths.consoleProject`.
 */

/** Tabs of a console project page; 'dataset' is the default and has no path segment. */
export const PROJECT_TABS = ['dataset', 'settings'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export function projectHref(projectId: string, tab?: ProjectTab): string {
  return `/console/projects/${encodeURIComponent(projectId)}${tab && tab !== 'dataset' ? `/${tab}` : ''}`;
}

/** One image of a project, opened in the image viewer (route `paths.consoleProjectImage`). */
export function projectImageHref(projectId: string, imageId: string): string {
  return `/console/projects/${encodeURIComponent(projectId)}/images/${encodeURIComponent(imageId)}`;
}
