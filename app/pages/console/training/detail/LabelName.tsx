import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LabelMap } from './labelMap';

/** A label's colour dot and name; a label deleted since the training shows as such. */
export function LabelName({ labels, labelId }: { labels: LabelMap; labelId: string | null }) {
  const { t } = useTranslation('trainingResults');
  const label = labelId === null ? undefined : labels.get(labelId);
  return (
    <HStack gap="1.5" display="inline-flex" minW="0">
      <Box w="2.5" h="2.5" borderRadius="full" flexShrink={0} bg={label?.color ?? 'gray.400'} />
      <Text as="span" truncate>
        {label?.name ?? (labelId === null ? t('labels.none') : t('labels.deleted'))}
      </Text>
    </HStack>
  );
}
