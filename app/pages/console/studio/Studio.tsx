import { Box, Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { projectHref } from '../../../../contract/projectRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EngineProvider } from '../../../components/engine';
import { EmptyState } from '../../../components/EmptyState';
import { usePageTitle } from '../../../i18n/usePageTitle';
import { Alert } from '../../../theme/parts/alert';
import { useImage } from '../image/imageViewerQueries';
import { useLabels, useProject } from '../projects/projectQueries';
import { StudioWorkspace } from './StudioWorkspace';

/** What a failed image load says: deleted project, no permission, not found, or a general failure. */
function loadProblemKey(code: string): string {
  if (code === 'gone') return 'errors:gone';
  if (code === 'forbidden') return 'errors:forbidden';
  if (code === 'not_found') return 'studio:notFound';
  return 'studio:loadFailed';
}

/** The studio's height: the viewport below the console header (its height is a CSS variable of the layout). */
export const STUDIO_HEIGHT = 'calc(100dvh - var(--console-header-h, 4rem))';

/**
 * The labeling studio for one project image: loads the image, the project and its labels, and
 * shows by state a waiting notice (processing; the image is polled and opens when ready), the
 * processing error (failed), a message when the project has no label class, or the workspace.
 */
export function Studio({ projectId, imageId }: { projectId: string; imageId: string }) {
  const { t } = useTranslation(['studio', 'errors']);
  const image = useImage(projectId, imageId);
  const project = useProject(projectId);
  const labels = useLabels(projectId);
  usePageTitle(image.data ? t('title', { name: image.data.fileName }) : undefined);

  if (image.isPending || project.isPending || labels.isPending) return <Skeleton h={STUDIO_HEIGHT} />;
  const failure = image.error ?? project.error ?? labels.error;
  if (failure || !image.data || !project.data || !labels.data)
    return <EmptyState data-testid="viewer-problem" message={t(loadProblemKey(errorCodeOf(failure)))} />;

  const item = image.data;
  if (labels.data.length === 0) {
    return (
      <Box p="6" data-testid="studio-no-labels">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('noLabels.title')}</Alert.Title>
            <Alert.Description>
              {t('noLabels.body')}{' '}
              <Link href={projectHref(projectId, 'dataset')} data-testid="studio-no-labels-link">
                {t('noLabels.link')}
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Box>
    );
  }
  return (
    <Stack gap="0" h={STUDIO_HEIGHT} data-testid="image-viewer" data-state={item.state}>
      <EngineProvider>
        <StudioWorkspace project={project.data} labels={labels.data} image={item} imageId={imageId} />
      </EngineProvider>
    </Stack>
  );
}
