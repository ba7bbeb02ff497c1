import { Badge, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Project } from '../../../../contract/apiProjects';
import { projectHref } from '../../../../contract/projectRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { Card } from '../../../theme/parts/card';
import { useCurrentOrganization } from '../organization/useCurrentOrganization';
import { ProjectCreateDialog } from './ProjectCreateDialog';
import { useProjects } from './projectQueries';
import { SubtypeIcon } from './SubtypeIcon';

function ProjectCard({ project, shared }: { project: Project; shared: boolean }) {
  const { t } = useTranslation(['projects', 'organization']);
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
          <Stack gap="1" align="end">
            <Badge colorPalette={project.role === 'admin' ? 'brand' : 'gray'} data-testid="project-role">
              {t(`roles.${project.role}`)}
            </Badge>
            {shared && (
              <Badge variant="outline" data-testid="project-shared">
                {t('organization:projects.shared')}
              </Badge>
            )}
          </Stack>
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

/**
 * The console's project list for the current organization (or Personal): one card per project
 * (subtype icon, title, counts, role) and the create dialog, which creates in the same place.
 */
export function ProjectListSection() {
  const { t } = useTranslation(['projects', 'organization', 'errors']);
  const { id: organizationId, current, settled } = useCurrentOrganization();
  const projects = useProjects(organizationId, settled);
  const [creating, setCreating] = useState(false);
  // In an organization only owners and admins create projects (the server says the same).
  const mayCreate = organizationId === null || current === null || current.role !== 'member';
  const scopeText =
    organizationId === null
      ? t('organization:projects.personal')
      : t('organization:projects.in', { name: current?.name ?? '' });
  return (
    <Stack as="section" gap="4" aria-labelledby="projects-heading" mb="10">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Text as="h2" id="projects-heading" fontWeight="700" fontSize="xl">
            {t('projects:list.title')}
          </Text>
          <Text fontSize="sm" fontWeight="600" data-testid="project-scope">
            {scopeText}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {t('projects:list.description')}
          </Text>
        </Stack>
        <Button
          colorPalette="brand"
          onClick={() => setCreating(true)}
          disabled={!mayCreate}
          data-testid="project-create-open"
        >
          {t('projects:list.create')}
        </Button>
      </HStack>
      {!mayCreate && current && (
        <Text fontSize="sm" color="fg.muted" data-testid="project-create-not-allowed">
          {t('organization:projects.createNotAllowed', { name: current.name })}
        </Text>
      )}
      {projects.isPending || !settled ? (
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
            <ProjectCard key={p.id} project={p} shared={organizationId === null && p.organizationId !== null} />
          ))}
        </SimpleGrid>
      )}
      <ProjectCreateDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
