import { Button, ButtonGroup, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageDeleteRequest } from '../../../../../contract/apiImageDelete';
import type { Project } from '../../../../../contract/apiProjects';
import { useLabels } from '../../projects/projectQueries';
import { DeleteImagesDialog } from '../DeleteImagesDialog';
import { imageQueryOf, type ImageFilters } from '../imageFilters';
import { ImageList } from '../ImageList';
import { deleteRequestOf, forgetImage, NO_SELECTION, type ImageSelection } from '../imageSelection';
import { useDatasetUrl, type DatasetView } from '../useDatasetUrl';
import { GalleryPanel } from './GalleryPanel';

export type SelectionUpdate = ImageSelection | ((current: ImageSelection) => ImageSelection);

/** What the list and the gallery share: the filters and, for admins, the selection to delete. */
export interface DatasetScope {
  filters: ImageFilters;
  onFiltersChange: (filters: ImageFilters) => void;
  /** null: the caller cannot delete images (no checkboxes, no selection). */
  selection: ImageSelection | null;
  /** A new selection, or an update of the current one (as React's state setters take). */
  onSelectionChange: (update: SelectionUpdate) => void;
  /** Asks to delete the selected images, after a confirmation. */
  onDeleteSelection: () => void;
  /** Asks to delete one image (its row's delete), after a confirmation. */
  onDeleteImage: (imageId: string) => void;
}

/**
 * The Dataset tab's data area: the image list, or the gallery of every image (toggle). Filters,
 * sort and view live in the URL; the selection lives here, so that it survives switching views,
 * and is dropped when the filter changes (it was made under the old one).
 */
export function DatasetBrowser({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const { filters: fromUrl, setFilters, view, setView } = useDatasetUrl();
  const labels = useLabels(project.id).data;
  // A label id from a shared URL that this project does not have is ignored, not an empty list.
  const filters =
    labels && fromUrl.label && !labels.some((l) => l.id === fromUrl.label) ? { ...fromUrl, label: '' } : fromUrl;
  const { sort: _sort, ...filter } = imageQueryOf(filters);
  const filterKey = JSON.stringify(filter);
  const [picked, setPicked] = useState<{ key: string; selection: ImageSelection }>({
    key: '',
    selection: NO_SELECTION,
  });
  const selection = picked.key === filterKey ? picked.selection : NO_SELECTION;
  const [pending, setPending] = useState<{ request: ImageDeleteRequest; one?: string } | null>(null);
  const admin = project.role === 'admin';

  const scope: DatasetScope = {
    filters,
    onFiltersChange: setFilters,
    selection: admin ? selection : null,
    onSelectionChange: (update) =>
      setPicked((prev) => {
        const current = prev.key === filterKey ? prev.selection : NO_SELECTION;
        return { key: filterKey, selection: typeof update === 'function' ? update(current) : update };
      }),
    onDeleteSelection: () => setPending({ request: deleteRequestOf(selection, filter) }),
    onDeleteImage: (id) => setPending({ request: { imageIds: [id] }, one: id }),
  };

  const option = (value: DatasetView) => (
    <Button
      variant={view === value ? 'solid' : 'outline'}
      aria-pressed={view === value}
      onClick={() => setView(value)}
      data-testid={`view-${value}`}
    >
      {t(`viewer.${value}`)}
    </Button>
  );
  return (
    <Stack gap="3" minW="0">
      <HStack justify="flex-end">
        <ButtonGroup size="sm" attached role="group" aria-label={t('viewer.mode')}>
          {option('list')}
          {option('gallery')}
        </ButtonGroup>
      </HStack>
      {view === 'list' ? (
        <ImageList project={project} scope={scope} />
      ) : (
        <GalleryPanel project={project} scope={scope} />
      )}
      {admin && (
        <DeleteImagesDialog
          projectId={project.id}
          request={pending?.request ?? null}
          onClose={() => setPending(null)}
          onDeleted={() => {
            // A deleted selection is gone; one image deleted from its row leaves the rest selected.
            const one = pending?.one;
            scope.onSelectionChange(one ? (current) => forgetImage(current, one) : NO_SELECTION);
            setPending(null);
          }}
        />
      )}
    </Stack>
  );
}
