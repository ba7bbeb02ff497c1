import { Badge, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Project } from '../../../../contract/apiProjects';
import { projectHref } from '../../../../contract/projectRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { Card } from '../../../theme/parts/card';
import { ProjectCreateDialog } from './ProjectCreateDialog';
import { useProjects } from './projectQueries';
import { SubtypeIcon } from './SubtypeIcon';

function ProjectCard({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  return (
    <Card.Root variant="outline" data-testid="project-card" _hover={{ borderColor: 'brand.500' }} position="relative">
      <Card.Body gap="3">
        <HStack gap="3" align="start">
          <SubtypeIcon subtype={project.subtype} size={8} />
          <Stack gap="0" flex="1" minW="0">
            <Link href={projectHref(project.id)} aria-label={t('list.open', { title: project.title })}>
              <Text
                as="h3"
                fontWeight="700"
                fontSize="lg"
                truncate
                css={{ '&::after': { content: '""', position: 'absolute', inset: 0 } }}
              >
                {project.title}
              </Text>
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {t(`subtypes.${project.subtype}`)}
            </Text>
          </Stack>
          <Badge colorPalette={project.role === 'admin' ? 'brand' : 'gray'} data-testid="project-role">
            {t(`roles.${project.role}`)}
          </Badge>
        </HStack>
        {project.description && (
          <Text fontSize="sm" lineClamp={2}>
            {project.description}
          </Text>
        )}
        <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
          <span>{t('list.images', { count: project.imageCount })}</span>
          <span>{t('list.labeled', { count: project.labeledCount })}</span>
          <span>{t('list.labels', { count: project.labelCount })}</span>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The console's project list: one card per project (subtype icon, title, counts, role) and the create dialog. */
export function ProjectListSection() {
  const { t } = useTranslation(['projects', 'errors']);
  const projects = useProjects();
  const [creating, setCreating] = useState(false);
  return (
    <Stack as="section" gap="4" aria-labelledby="projects-heading" mb="10">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Text as="h2" id="projects-heading" fontWeight="700" fontSize="xl">
            {t('projects:list.title')}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {t('projects:list.description')}
          </Text>
        </Stack>
        <Button colorPalette="brand" onClick={() => setCreating(true)} data-testid="project-create-open">
          {t('projects:list.create')}
        </Button>
      </HStack>
      {projects.isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="32" borderRadius="l3" />
          ))}
        </SimpleGrid>
      ) : projects.isError ? (
        <EmptyState message={t('projects:list.loadFailed')} hint={t(`errors:${errorCodeOf(projects.error)}`)} />
      ) : projects.data.length === 0 ? (
        <EmptyState />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="project-list">
          {projects.data.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </SimpleGrid>
      )}
      <ProjectCreateDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
