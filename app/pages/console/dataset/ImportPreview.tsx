import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ImportSkip } from '../../../../contract/apiImports';
import type { Label } from '../../../../contract/apiProjects';
import type { ImportPreview } from '../../../../workers/import/previewImport';
import { splitLabels } from '../../../../workers/import/splitLabels';
import { groupSkipped, skipReasonKey } from './importErrors';

/*
 * What the import dialog shows of a checked zip (its preview) and of a finished import (the
 * entries left out, with their reasons).
 */

/** How many entries of one skip reason are listed by name. */
const LISTED_ENTRIES = 10;

export function SkippedList({ skipped }: { skipped: readonly ImportSkip[] }) {
  const { t } = useTranslation('projects');
  if (skipped.length === 0) return null;
  return (
    <Stack gap="2" data-testid="import-skipped">
      <Text color="fg.warning">{t('datasetImport.skipped', { count: skipped.length })}</Text>
      {groupSkipped(skipped).map(({ reason, entries }) => (
        <Box key={reason} data-testid={`import-skip-${reason}`}>
          <Text fontWeight="600">
            {t(skipReasonKey(reason))} ({entries.length})
          </Text>
          <Box as="ul" ps="4" listStyleType="disc" fontSize="xs" color="fg.muted">
            {entries.slice(0, LISTED_ENTRIES).map((entry, index) => (
              <li key={`${index}:${entry}`}>{entry}</li>
            ))}
            {entries.length > LISTED_ENTRIES && (
              <li>{t('datasetImport.more', { count: entries.length - LISTED_ENTRIES })}</li>
            )}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** What a new label will look like: the zip's colour, or a palette colour when it has none or it is taken. */
function NewLabel({ name, color }: { name: string; color: string | null }) {
  const { t } = useTranslation('projects');
  return (
    <HStack as="li" gap="1.5" data-testid="import-label-new" data-color={color ?? ''}>
      <Box
        w="3"
        h="3"
        borderRadius="sm"
        borderWidth="1px"
        borderColor="border.emphasized"
        bg={color ?? 'transparent'}
        borderStyle={color ? 'solid' : 'dashed'}
      />
      <Text>{name}</Text>
      <Text color="fg.muted" fontSize="xs">
        {color ?? t('datasetImport.paletteColor')}
      </Text>
    </HStack>
  );
}

export function PreviewSummary({
  preview,
  projectLabels,
}: {
  preview: ImportPreview;
  projectLabels: readonly Label[];
}) {
  const { t } = useTranslation('projects');
  const labels = splitLabels(
    preview.labels,
    projectLabels.map((l) => l.name),
  );
  const taken = new Set(projectLabels.map((l) => l.color.toLowerCase()));
  const zipColor = new Map(preview.labelColors.map((c) => [c.name.trim().toLowerCase(), c.color]));
  const colorOf = (name: string) => {
    const color = zipColor.get(name.trim().toLowerCase());
    return color && !taken.has(color) ? color : null;
  };
  const { splits } = preview;
  return (
    <Stack gap="2" data-testid="import-preview">
      <Text fontWeight="600">{t(`datasetImport.format.${preview.format}`)}</Text>
      <Text>
        {t('datasetImport.counts', {
          images: preview.images,
          boxes: preview.boxes,
          polygons: preview.polygons,
          classified: preview.classified,
        })}
      </Text>
      {labels.created.length > 0 && (
        <Stack gap="1" data-testid="import-labels-new">
          <Text>{t('datasetImport.labelsNewList')}</Text>
          <Box as="ul" ps="1" display="flex" flexWrap="wrap" columnGap="4" rowGap="1">
            {labels.created.map((name) => (
              <NewLabel key={name} name={name} color={colorOf(name)} />
            ))}
          </Box>
        </Stack>
      )}
      {labels.existing.length > 0 && (
        <Text data-testid="import-labels-existing">
          {t('datasetImport.labelsExisting', { names: labels.existing.join(', ') })}
        </Text>
      )}
      <Text data-testid="import-splits">
        {t('datasetImport.splits', {
          train: splits.train,
          validation: splits.validation,
          test: splits.test,
          seeded: splits.seeded,
        })}
      </Text>
      {preview.tagged > 0 && (
        <Text data-testid="import-tags">
          {t('datasetImport.tags', { count: preview.tagged, names: preview.tags.join(', ') })}
        </Text>
      )}
      <SkippedList skipped={preview.skipped} />
    </Stack>
  );
}
