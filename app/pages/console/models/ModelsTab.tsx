import type { Project } from '../../../../contract/apiProjects';

/** The project's Models tab: every model with its metrics, download, upload. */
export function ModelsTab({ project }: { project: Project }) {
  return <div data-testid="models-tab" data-project={project.id} />;
}
