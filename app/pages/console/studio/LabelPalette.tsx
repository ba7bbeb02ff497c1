import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../../../../contract/apiProjects';

export interface LabelPaletteProps {
  labels: readonly Label[];
  /** Annotations per label, in label order. */
  counts: readonly number[];
  /** The highlighted class: the next drawing's (detection, segmentation) or the image's (classification). */
  active: number | null;
  onPick: (index: number) => void;
  disabled?: boolean;
}

/**
 * The project's label classes with their colour, their key (1–9 for the first nine) and how many
 * annotations of this image carry each; the active one is highlighted.
 */
export function LabelPalette({ labels, counts, active, onPick, disabled }: LabelPaletteProps) {
  const { t } = useTranslation('studio');
  return (
    <Stack gap="1" role="radiogroup" aria-label={t('palette.label')} data-testid="label-palette">
      {labels.map((label, i) => (
        <Button
          key={label.id}
          role="radio"
          aria-checked={active === i}
          size="xs"
          variant={active === i ? 'subtle' : 'ghost'}
          justifyContent="flex-start"
          borderWidth="1px"
          borderColor={active === i ? 'brand.solid' : 'transparent'}
          disabled={disabled}
          onClick={() => onPick(i)}
          data-testid="palette-item"
          data-active={active === i}
        >
          <HStack gap="2" w="full">
            <Text as="span" w="3" color="fg.muted" fontVariantNumeric="tabular-nums">
              {i < 9 ? i + 1 : ''}
            </Text>
            <Box w="3" h="3" rounded="sm" bg={label.color} flexShrink={0} />
            <Text as="span" flex="1" textAlign="start" truncate>
              {label.name}
            </Text>
            <Text as="span" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="palette-count">
              {counts[i] ?? 0}
            </Text>
          </HStack>
        </Button>
      ))}
    </Stack>
  );
}
