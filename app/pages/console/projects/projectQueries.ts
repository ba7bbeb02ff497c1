import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project } from '../../../../contract/apiProjects';
import { projectsApi } from '../../../api/projectsApi';

/** Query keys of the projects area; every key of one project starts with ['project', id]. */
export const projectKeys = {
  list: ['projects'] as const,
  project: (id: string) => ['project', id] as const,
  members: (id: string) => ['project', id, 'members'] as const,
  labels: (id: string) => ['project', id, 'labels'] as const,
  images: (id: string) => ['project', id, 'images'] as const,
  /** Under `images`, so that every change to the images refreshes the tag names too. */
  tags: (id: string) => ['project', id, 'images', 'tags'] as const,
};

/** The caller's projects; asked again each time the list shows, since its counts move with every upload and label. */
export function useProjects() {
  return useQuery({ queryKey: projectKeys.list, queryFn: projectsApi.list, refetchOnMount: 'always' });
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
