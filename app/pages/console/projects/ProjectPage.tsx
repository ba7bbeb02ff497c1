import { Badge, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { SUPPORTED_SUBTYPES, type Project } from '../../../../contract/apiProjects';
import { PROJECT_TABS, projectHref, type ProjectTab } from '../../../../contract/projectRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { AppTabs } from '../../../components/Tabs';
import { Alert } from '../../../theme/parts/alert';
import { ConsoleScope } from '../ConsoleScope';
import { DatasetTab } from '../dataset/DatasetTab';
import { ModelsTab } from '../models/ModelsTab';
import { TrainingTab } from '../training/TrainingTab';
import { ProjectSettingsTab } from './ProjectSettingsTab';
import { useProject } from './projectQueries';
import { SubtypeIcon } from './SubtypeIcon';

/** What a failed project load says: 410 deleted, 403 no permission, 404 not found. */
function loadProblemKey(code: string): string {
  if (code === 'gone') return 'errors:gone';
  if (code === 'forbidden') return 'errors:forbidden';
  if (code === 'not_found') return 'projects:project.notFound';
  return 'projects:project.loadFailed';
}

function ProjectHeader({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const supported = SUPPORTED_SUBTYPES.includes(project.subtype);
  return (
    <Stack gap="3" mb="6">
      <HStack gap="3" align="center">
        <SubtypeIcon subtype={project.subtype} size={9} />
        <PageTitle title={project.title} description={project.description || undefined} mb="0" />
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Badge variant="subtle">{t(`kinds.${project.kind}`)}</Badge>
        <Badge variant="subtle">{t(`subtypes.${project.subtype}`)}</Badge>
        <Badge colorPalette={project.role === 'admin' ? 'brand' : 'gray'}>{t(`roles.${project.role}`)}</Badge>
      </HStack>
      {!supported && (
        <Alert.Root status="info" data-testid="not-available">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('project.notAvailable')}</Alert.Title>
            <Alert.Description>
              {t('project.notAvailableBody', { subtype: t(`subtypes.${project.subtype}`) })}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}

function ProjectView() {
  const { t } = useTranslation(['projects', 'errors']);
  const params = useParams<{ projectId: string; tab?: string }>();
  const [, navigate] = useLocation();
  const projectId = params.projectId;
  const tab: ProjectTab = PROJECT_TABS.find((name) => name === params.tab) ?? 'dataset';
  const project = useProject(projectId);

  return (
    <PageContainer>
      <Text mb="4" fontSize="sm">
        <Link href="/console">← {t('projects:project.back')}</Link>
      </Text>
      {project.isPending ? (
        <Skeleton h="40" borderRadius="l3" />
      ) : project.isError ? (
        <EmptyState data-testid="project-problem" message={t(loadProblemKey(errorCodeOf(project.error)))} />
      ) : (
        <>
          <ProjectHeader project={project.data} />
          <AppTabs<ProjectTab>
            label={t('projects:project.tabs.label')}
            items={PROJECT_TABS.map((name) => ({ name, text: t(`projects:project.tabs.${name}`) }))}
            value={tab}
            onChange={(next) => navigate(projectHref(projectId, next))}
            lazyMount
          >
            {(name) =>
              name === 'dataset' ? (
                <DatasetTab project={project.data} />
              ) : name === 'training' ? (
                <TrainingTab project={project.data} />
              ) : name === 'models' ? (
                <ModelsTab project={project.data} />
              ) : (
                <ProjectSettingsTab project={project.data} />
              )
            }
          </AppTabs>
        </>
      )}
    </PageContainer>
  );
}

/**
 * The image viewer (`paths.consoleProjectImage`) is routed here and loaded lazily from this
 * chunk: its loader then costs the landing entry nothing, and only viewers load the engine.
 */
const ImageViewerPage = lazy(() => import('../image/ImageViewerPage'));
/** The new-training wizard and one training's page (`paths.consoleProjectTraining`), lazily as well. */
const NewTrainingPage = lazy(() => import('../training/NewTrainingPage'));
const TrainingDetailPage = lazy(() => import('../training/detail/TrainingDetailPage'));

/** /console/projects/:projectId/:tab?: a project with its tabs (or one of its images, or one of its trainings). */
export default function ProjectPage() {
  const { imageId, trainingId } = useParams<{ imageId?: string; trainingId?: string }>();
  if (imageId !== undefined) return <ImageViewerPage />;
  if (trainingId === 'new') return <NewTrainingPage />;
  if (trainingId !== undefined) return <TrainingDetailPage />;
  return (
    <ConsoleScope>
      <ProjectView />
    </ConsoleScope>
  );
}
