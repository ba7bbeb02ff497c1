import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { AtlasCellSize } from '../../../../../contract/apiAtlas';
import type { Project } from '../../../../../contract/apiProjects';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { projectsApi } from '../../../../api/projectsApi';
import { EmptyState } from '../../../../components/EmptyState';
import { projectKeys, useLabels } from '../../projects/projectQueries';
import { ImageFilterBar } from '../ImageFilterBar';
import { imageQueryOf } from '../imageFilters';
import { SelectionBar } from '../SelectionBar';
import { fetchAtlasIndex } from './atlasApi';
import type { DatasetScope } from './DatasetBrowser';
import { supportsWebGL } from './supportsWebGL';
import { ViewerGuard } from './ViewerGuard';

// three.js and react-three-fiber load with the gallery, not with the Dataset tab.
const DatasetViewer = lazy(() => import('./DatasetViewer'));

/** While images are processing the gallery asks again this often (ms): their cells then fill in. */
const PROCESSING_POLL_MS = 3000;
/** Above this many images the overview uses 64 px cells (1024² pages): a quarter of the memory. */
const SMALL_CELLS_ABOVE = 1024;

/** The gallery view of the Dataset tab: the list's filters over the WebGL gallery of every image. */
export function GalleryPanel({ project, scope }: { project: Project; scope: DatasetScope }) {
  const { t } = useTranslation(['projects', 'errors']);
  const { filters, selection } = scope;
  const deferred = useDeferredValue(filters);
  const query = imageQueryOf(deferred);
  const cell: AtlasCellSize = project.imageCount > SMALL_CELLS_ABOVE ? 64 : 128;
  const labels = useLabels(project.id).data ?? [];
  const tags =
    useQuery({ queryKey: projectKeys.tags(project.id), queryFn: () => projectsApi.tags(project.id) }).data ?? [];
  const atlas = useQuery({
    queryKey: [...projectKeys.images(project.id), 'atlas', cell, query],
    queryFn: ({ signal }) => fetchAtlasIndex(project.id, query, cell, signal),
    refetchInterval: (q) => ((q.state.data?.processing ?? 0) > 0 ? PROCESSING_POLL_MS : false),
  });
  const webgl = supportsWebGL();
  const noWebgl = <EmptyState message={t('projects:viewer.noWebgl')} data-testid="viewer-unavailable" />;

  return (
    <Stack gap="3" data-testid="gallery-panel">
      <ImageFilterBar filters={filters} onChange={scope.onFiltersChange} labels={labels} tags={tags} />
      {atlas.isPending ? (
        <Skeleton h="96" borderRadius="l2" />
      ) : atlas.isError ? (
        <EmptyState message={t('projects:viewer.loadFailed')} hint={t(`errors:${errorCodeOf(atlas.error)}`)} />
      ) : atlas.data.total === 0 ? (
        <EmptyState />
      ) : !webgl ? (
        noWebgl
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid="viewer-keys">
            {t('projects:images.total', { count: atlas.data.total })} · {t('projects:viewer.keys')}
          </Text>
          {selection && (
            <>
              <Text fontSize="sm" color="fg.muted">
                {t('projects:imageDelete.galleryHint')}
              </Text>
              <SelectionBar
                selection={selection}
                total={atlas.data.total}
                onChange={scope.onSelectionChange}
                onDelete={scope.onDeleteSelection}
              />
            </>
          )}
          {atlas.data.processing > 0 && (
            <Text fontSize="sm" color="orange.fg" data-testid="viewer-processing">
              {t('projects:viewer.processing', { count: atlas.data.processing })}
            </Text>
          )}
          <ViewerGuard fallback={noWebgl}>
            <Suspense fallback={<Skeleton h="96" borderRadius="l2" aria-label={t('projects:viewer.loading')} />}>
              <DatasetViewer
                projectId={project.id}
                index={atlas.data}
                selection={selection}
                onSelectionChange={scope.onSelectionChange}
              />
            </Suspense>
          </ViewerGuard>
        </>
      )}
    </Stack>
  );
}
