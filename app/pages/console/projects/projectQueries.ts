import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PERSONAL_SCOPE, projectListSchema, type Project } from '../../../../contract/apiProjects';
import { apiFetch } from '../../../api/apiFetch';
import { projectsApi } from '../../../api/projectsApi';

/** Query keys of the projects area; every key of one project starts with ['project', id]. */
export const projectKeys = {
  /** Every project list; invalidating it refreshes each organization's list too. */
  list: ['projects'] as const,
  /** The list of one organization, or of Personal (null). */
  scoped: (organizationId: string | null) => ['projects', organizationId ?? PERSONAL_SCOPE] as const,
  project: (id: string) => ['project', id] as const,
  members: (id: string) => ['project', id, 'members'] as const,
  labels: (id: string) => ['project', id, 'labels'] as const,
  images: (id: string) => ['project', id, 'images'] as const,
  /** Under `images`, so that every change to the images refreshes the tag names too. */
  tags: (id: string) => ['project', id, 'images', 'tags'] as const,
};

/** GET projects?organization=<id>|personal: the projects of one organization, or the personal ones. */
export function fetchScopedProjects(organizationId: string | null) {
  const scope = encodeURIComponent(organizationId ?? PERSONAL_SCOPE);
  return apiFetch(`projects?organization=${scope}`, { schema: projectListSchema });
}

/**
 * The projects of an organization (null: Personal); asked again each time the list shows, since
 * its counts move with every upload and label. `enabled` waits until the organization is known
 * to be the user's, so a stale choice never asks for someone else's list.
 */
export function useProjects(organizationId: string | null, enabled = true) {
  return useQuery({
    queryKey: projectKeys.scoped(organizationId),
    queryFn: () => fetchScopedProjects(organizationId),
    refetchOnMount: 'always',
    enabled,
  });
}

export function useProject(id: string) {
  return useQuery({ queryKey: projectKeys.project(id), queryFn: () => projectsApi.get(id) });
}

export function useLabels(projectId: string) {
  return useQuery({ queryKey: projectKeys.labels(projectId), queryFn: () => projectsApi.labels(projectId) });
}

/** After a change to a project: store the answer and refresh the list's counts. */
export function useProjectUpdated() {
  const client = useQueryClient();
  return (project: Project) => {
    client.setQueryData(projectKeys.project(project.id), project);
    void client.invalidateQueries({ queryKey: projectKeys.list });
  };
}
