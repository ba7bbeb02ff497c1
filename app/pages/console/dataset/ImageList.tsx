import { Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/apiProjects';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { projectsApi } from '../../../api/projectsApi';
import { EmptyState } from '../../../components/EmptyState';
import { Checkbox } from '../../../theme/parts/checkbox';
import { projectKeys, useLabels } from '../projects/projectQueries';
import { ImageCard } from './ImageCard';
import { ImageFilterBar } from './ImageFilterBar';
import { imageQueryOf } from './imageFilters';
import { isSelected, setSelected, toggleSelected, type ImageSelection } from './imageSelection';
import { SelectionBar } from './SelectionBar';
import type { DatasetScope } from './viewer/DatasetBrowser';

const PAGE_SIZE = 60;
/** While an image is still processing, the list asks again this often (ms). */
const PROCESSING_POLL_MS = 2000;

/** How often the list is read again while the tab is visible, for the workers' progress (ms). */
const LIST_POLL_MS = 15_000;

/** The project's data: filter bar, then cards (thumbnail, type, resolution, worker, labeled, split, tags), paged by cursor. */
export function ImageList({ project, scope }: { project: Project; scope: DatasetScope }) {
  const { t } = useTranslation(['projects', 'errors']);
  const { filters, selection } = scope;
  const deferred = useDeferredValue(filters);
  const query = imageQueryOf(deferred);
  const labels = useLabels(project.id).data ?? [];
  const labelNames = new Map(labels.map((l) => [l.id, l.name]));
  const tags =
    useQuery({ queryKey: projectKeys.tags(project.id), queryFn: () => projectsApi.tags(project.id) }).data ?? [];
  const images = useInfiniteQuery({
    queryKey: [...projectKeys.images(project.id), query],
    queryFn: ({ pageParam }) =>
      projectsApi.images(project.id, { ...query, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Workers label in the studio meanwhile: their name and the labeled state follow, on focus and
    // while the tab is visible (TanStack Query pauses the interval in a hidden tab).
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.items.some((i) => i.state === 'processing'))
        ? PROCESSING_POLL_MS
        : LIST_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  const items = images.data?.pages.flatMap((page) => page.items) ?? [];
  const total = images.data?.pages[0]?.total ?? 0;
  const ids = items.map((i) => i.id);

  return (
    <Stack as="section" gap="3" aria-labelledby="images-heading" data-testid="image-list">
      <HStack justify="space-between" wrap="wrap">
        <Text as="h2" id="images-heading" fontWeight="700" fontSize="lg">
          {t('projects:images.title')}
        </Text>
        {images.isSuccess && (
          <Text fontSize="sm" color="fg.muted" data-testid="image-total">
            {t('projects:images.total', { count: total })}
          </Text>
        )}
      </HStack>
      <ImageFilterBar filters={filters} onChange={scope.onFiltersChange} labels={labels} tags={tags} />
      {selection && items.length > 0 && <PageSelection selection={selection} ids={ids} total={total} scope={scope} />}
      {images.isPending ? (
        <Skeleton h="32" borderRadius="l2" />
      ) : images.isError ? (
        <EmptyState message={t('projects:images.loadFailed')} hint={t(`errors:${errorCodeOf(images.error)}`)} />
      ) : items.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
            {items.map((image) => (
              <ImageCard
                key={image.id}
                projectId={project.id}
                image={image}
                labelNames={labelNames}
                {...(selection ? { selected: isSelected(selection, image.id) } : {})}
                onToggle={() => scope.onSelectionChange((current) => toggleSelected(current, image.id))}
                onDelete={() => scope.onDeleteImage(image.id)}
              />
            ))}
          </SimpleGrid>
          {images.hasNextPage && (
            <Button
              variant="outline"
              alignSelf="center"
              onClick={() => void images.fetchNextPage()}
              loading={images.isFetchingNextPage}
            >
              {t('projects:images.more')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

/** The page's tick box (every loaded row) and, while something is ticked, the selection bar. */
function PageSelection({
  selection,
  ids,
  total,
  scope,
}: {
  selection: ImageSelection;
  ids: string[];
  total: number;
  scope: DatasetScope;
}) {
  const { t } = useTranslation('projects');
  const ticked = ids.filter((id) => isSelected(selection, id)).length;
  return (
    <Stack gap="2">
      <Checkbox.Root
        size="sm"
        checked={ticked === 0 ? false : ticked === ids.length ? true : 'indeterminate'}
        onCheckedChange={() =>
          scope.onSelectionChange((current) => setSelected(current, ids, !ids.every((id) => isSelected(current, id))))
        }
        data-testid="image-select-page"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="400" color="fg.muted">
          {t('imageDelete.selectPage')}
        </Checkbox.Label>
      </Checkbox.Root>
      <SelectionBar
        selection={selection}
        total={total}
        onChange={scope.onSelectionChange}
        onDelete={scope.onDeleteSelection}
      />
    </Stack>
  );
}
