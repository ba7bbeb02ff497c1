import type { Project } from '../../../../contract/apiProjects';

/** The project's Training tab: the trainings' history and the way into the new-training wizard. */
export function TrainingTab({ project }: { project: Project }) {
  return <div data-testid="training-tab" data-project={project.id} />;
}
