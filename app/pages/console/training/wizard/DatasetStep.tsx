import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/EmptyState';
import { CheckRow, StepMessage } from './ChoiceCard';
import type { StepProps } from './stepProps';
import { chosenLabels } from './wizardForm';

/**
 * Step 2: the label classes to train on, each with its usable images and annotations (from the
 * preview, which counts every label whether chosen or not), and the total per split.
 */
export function DatasetStep({ form, update, errors, labels, ctx, preview }: StepProps) {
  const { t } = useTranslation(['training', 'errors']);
  const chosen = new Set(chosenLabels(form, ctx.labelIds));
  const counts = new Map(preview.data?.perLabel.map((entry) => [entry.labelId, entry]) ?? []);
  const kind = preview.data?.annotationType ?? (ctx.project.subtype.endsWith('_CLASSIFICATION') ? 'class' : 'box');
  if (labels.length === 0) return <EmptyState message={t('datasets.noLabels')} />;
  const toggle = (id: string, on: boolean) => {
    const next = labels.map((l) => l.id).filter((labelId) => (labelId === id ? on : chosen.has(labelId)));
    update({ labelIds: next });
  };
  const message = errors.labels && errors.labels !== 'training:datasets.waiting' ? errors.labels : null;
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('datasets.description', { kind: t(`datasets.kinds.${kind}`) })}</Text>
      <HStack gap="2">
        <Button size="xs" variant="outline" onClick={() => update({ labelIds: null })} data-testid="labels-all">
          {t('datasets.all')}
        </Button>
        <Button size="xs" variant="outline" onClick={() => update({ labelIds: [] })} data-testid="labels-none">
          {t('datasets.none')}
        </Button>
      </HStack>
      <Stack gap="2" as="ul" listStyleType="none" data-testid="dataset-labels">
        {labels.map((label) => {
          const count = counts.get(label.id);
          return (
            <Box as="li" key={label.id} borderWidth="1px" rounded="md" px="3" py="2" data-testid="dataset-label">
              <HStack justify="space-between" gap="3" wrap="wrap">
                <CheckRow checked={chosen.has(label.id)} onChange={(on) => toggle(label.id, on)}>
                  <Box as="span" w="3" h="3" rounded="sm" bg={label.color} flexShrink={0} aria-hidden="true" />
                  <Text as="span" fontWeight="500">
                    {label.name}
                  </Text>
                </CheckRow>
                <Text fontSize="sm" color="fg.muted" data-testid="dataset-label-counts">
                  {count
                    ? `${t('datasets.images', { count: count.images })} · ${t('datasets.annotations', { count: count.annotations })}`
                    : '…'}
                </Text>
              </HStack>
            </Box>
          );
        })}
      </Stack>
      {preview.data && !preview.pending ? (
        <Text fontWeight="600" data-testid="dataset-total">
          {t('datasets.total', { images: preview.data.images, ...preview.data.splitCounts })}
        </Text>
      ) : (
        <Text fontSize="sm" color={preview.failed ? 'fg.error' : 'fg.muted'} data-testid="dataset-total">
          {preview.failed ? t('split.previewFailed') : t('split.counting')}
        </Text>
      )}
      {message && <StepMessage message={t(message)} />}
    </Stack>
  );
}
