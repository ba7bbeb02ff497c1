import { Box, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { projectImageHref } from '../../../../contract/projectRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { usePageTitle } from '../../../i18n/usePageTitle';
import { Alert } from '../../../theme/parts/alert';
import { useLabels } from '../projects/projectQueries';
import { annotationBoxes } from './annotationBoxes';
import { ImageHeader } from './ImageHeader';
import { ImageStage } from './ImageStage';
import { useImage, useImageAnnotations } from './imageViewerQueries';
import { useImageNeighbors } from './useImageNeighbors';
import { useShortcuts } from './useShortcuts';

/** What a failed image load says: deleted project, no permission, not found, or a general failure. */
function loadProblemKey(code: string): string {
  if (code === 'gone') return 'errors:gone';
  if (code === 'forbidden') return 'errors:forbidden';
  if (code === 'not_found') return 'imageViewer:notFound';
  return 'imageViewer:loadFailed';
}

/**
 * One project image: header, then by state a waiting notice (processing; the image is polled
 * and opens when ready), the processing error (failed), or the engine stage (ready).
 */
export function ImageViewer({ projectId, imageId }: { projectId: string; imageId: string }) {
  const { t } = useTranslation(['imageViewer', 'errors']);
  const [, navigate] = useLocation();
  const image = useImage(projectId, imageId);
  const labels = useLabels(projectId);
  const ready = image.data?.state === 'ready';
  const annotations = useImageAnnotations(projectId, imageId, ready);
  const neighbors = useImageNeighbors(projectId, imageId);
  // While the next image loads the previous one is still shown: its boxes are not the new ones.
  const current = image.data?.id === imageId;
  const drawn = useMemo(
    () => annotationBoxes((current && annotations.data) || [], labels.data ?? []),
    [current, annotations.data, labels.data],
  );
  usePageTitle(image.data ? t('title', { name: image.data.fileName }) : undefined);

  const step = (id: string) => navigate(projectImageHref(projectId, id));
  useShortcuts({
    ArrowLeft: neighbors.prevId ? () => step(neighbors.prevId as string) : undefined,
    ArrowRight: neighbors.nextId ? () => step(neighbors.nextId as string) : undefined,
  });

  if (image.isPending) return <Skeleton h="60vh" borderRadius="l3" />;
  if (image.isError)
    return <EmptyState data-testid="viewer-problem" message={t(loadProblemKey(errorCodeOf(image.error)))} />;

  const item = image.data;
  const labelNames = new Map((labels.data ?? []).map((l) => [l.id, l.name]));
  return (
    <Stack gap="0" data-testid="image-viewer" data-state={item.state}>
      <ImageHeader
        projectId={projectId}
        image={item}
        neighbors={neighbors}
        classLabels={drawn.classLabelIds.map((id) => labelNames.get(id) ?? id)}
        annotationCount={current && ready && annotations.isSuccess ? annotations.data.length : null}
        onStep={step}
      />
      {item.state === 'processing' && (
        <Box
          role="status"
          data-testid="viewer-processing"
          display="flex"
          alignItems="center"
          justifyContent="center"
          gap="3"
          h="50vh"
          bg="bg.muted"
          rounded="md"
        >
          <Spinner size="sm" />
          <Text>{t('processing')}</Text>
        </Box>
      )}
      {item.state === 'failed' && (
        <Alert.Root status="error" data-testid="viewer-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('failed')}</Alert.Title>
            {item.error && <Alert.Description>{t('failedReason', { reason: item.error })}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {ready && <ImageStage projectId={projectId} image={item} annotations={drawn} />}
    </Stack>
  );
}
