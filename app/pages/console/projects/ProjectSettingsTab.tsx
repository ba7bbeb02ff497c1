import { Stack } from '@chakra-ui/react';
import type { Project } from '../../../../contract/apiProjects';
import { ProjectDangerSection } from './ProjectDangerSection';
import { ProjectGeneralSection } from './ProjectGeneralSection';
import { ProjectMembersSection } from './ProjectMembersSection';
import { ProjectScheduleSection } from './ProjectScheduleSection';
import { ProjectSplitSection } from './ProjectSplitSection';

/** The Settings tab: basic information, members, learning schedule, data split, delete / leave. */
export function ProjectSettingsTab({ project }: { project: Project }) {
  return (
    <Stack gap="0" maxW="4xl" data-testid="project-settings">
      <ProjectGeneralSection key={`general-${project.updatedAt}`} project={project} />
      <ProjectMembersSection project={project} />
      <ProjectScheduleSection project={project} />
      <ProjectSplitSection key={`split-${project.split.seed}`} project={project} />
      <ProjectDangerSection project={project} />
    </Stack>
  );
}
