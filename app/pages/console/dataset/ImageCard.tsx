import { Badge, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ImageItem } from '../../../../contract/apiProjects';
import { projectImageHref } from '../../../../contract/projectRoutes';
import { Checkbox } from '../../../theme/parts/checkbox';
import { Menu } from '../../../theme/parts/menu';
import { formatBytes } from '../../../utils/formatBytes';
import { AuthedThumbnail } from './AuthedThumbnail';
import { TagEditor } from './TagEditor';

/**
 * A row's tick box. A click toggles from the selection as it is now (the update form of
 * onSelectionChange), not from the box's own idea of its state, which can lag a re-render.
 */
function SelectBox({ label, checked, onToggle }: { label: string; checked: boolean; onToggle: () => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={onToggle} data-testid="image-select">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** One image of the list: thumbnail, facts, tags and, for admins, its tick box and a menu with Delete. */
export function ImageCard({
  projectId,
  image,
  labelNames,
  selected,
  onToggle,
  onDelete,
}: {
  projectId: string;
  image: ImageItem;
  labelNames: Map<string, string>;
  /** Whether the row is ticked; undefined: the caller cannot delete (no box, no delete). */
  selected?: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['projects', 'errors']);
  const admin = selected !== undefined;
  return (
    <HStack
      gap="3"
      align="start"
      p="3"
      borderWidth="1px"
      borderRadius="l2"
      borderColor={selected ? 'colorPalette.solid' : undefined}
      colorPalette="brand"
      data-testid="image-card"
      data-state={image.state}
      data-selected={selected || undefined}
    >
      {admin && (
        <SelectBox
          label={t('projects:imageDelete.select', { name: image.fileName })}
          checked={selected}
          onToggle={onToggle}
        />
      )}
      <Link href={projectImageHref(projectId, image.id)} data-testid="image-open">
        <AuthedThumbnail
          url={image.thumbnailUrl}
          alt={t('projects:images.thumbnail', { name: image.fileName })}
          size={96}
        />
      </Link>
      <Stack gap="1" flex="1" minW="0" fontSize="sm">
        <Text fontWeight="600" truncate title={image.fileName} data-testid="image-name">
          <Link href={projectImageHref(projectId, image.id)}>{image.fileName}</Link>
        </Text>
        <HStack gap="1" wrap="wrap">
          {image.state === 'processing' && <Badge colorPalette="orange">{t('projects:images.processing')}</Badge>}
          {image.state === 'failed' && (
            <Badge colorPalette="red" title={image.error ?? undefined}>
              {t('projects:images.failed')}
            </Badge>
          )}
          <Badge colorPalette={image.labeled ? 'green' : 'gray'}>
            {image.labeled ? t('projects:images.isLabeled') : t('projects:images.notLabeled')}
          </Badge>
          {(image.machineLabels ?? 0) > 0 && (
            <Badge colorPalette="purple" variant="solid" data-testid="image-machine-labels">
              {t('projects:images.machineLabels', { count: image.machineLabels })}
            </Badge>
          )}
          <Badge variant="outline">{t(`projects:images.splits.${image.split}`)}</Badge>
          {image.labelIds.map(
            (id) =>
              labelNames.has(id) && (
                <Badge key={id} variant="subtle">
                  {labelNames.get(id)}
                </Badge>
              ),
          )}
        </HStack>
        <Text color="fg.muted">
          {t('projects:images.type')}: {image.type || '—'} · {t('projects:images.resolution')}:{' '}
          {image.width > 0 ? `${image.width} × ${image.height}` : '—'} · {formatBytes(image.bytes)}
        </Text>
        <Text color="fg.muted">
          {t('projects:images.worker')}: {image.worker?.name ?? t('projects:images.noWorker')}
        </Text>
        <TagEditor projectId={projectId} image={image} />
      </Stack>
      {admin && (
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('projects:imageDelete.menu', { name: image.fileName })}
              data-testid="image-menu"
            >
              ⋯
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="32">
                <Menu.Item value="delete" color="fg.error" onSelect={onDelete} data-testid="image-delete">
                  {t('projects:imageDelete.delete')}
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </HStack>
  );
}
