import { Box, HStack, Image, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { coverUrl } from '../../../components/market/resourceImages';
import { useApiImage } from '../../../components/market/useApiImage';

function Cover({ resourceId, index, name }: { resourceId: string; index: number; name: string }) {
  const { t } = useTranslation('market');
  // With the token always: the console shows private and unapproved resources' covers too.
  const { src, failed } = useApiImage(coverUrl(resourceId, index), true);
  return (
    <Box w="40" h="28" bg="bg.muted" borderRadius="l2" overflow="hidden" flexShrink={0} data-testid="resource-cover">
      {src && (
        <Image src={src} alt={t('item.coverAlt', { name, index: index + 1 })} w="full" h="full" objectFit="cover" />
      )}
      {failed && (
        <Text fontSize="xs" color="fg.muted" p="2">
          {t('item.imageFailed')}
        </Text>
      )}
    </Box>
  );
}

/** A resource's cover images in their order, scrolling sideways on a narrow screen. */
export function CoverStrip({ resourceId, count, name }: { resourceId: string; count: number; name: string }) {
  const { t } = useTranslation('market');
  if (count === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('item.noCovers')}
      </Text>
    );
  return (
    <HStack gap="3" overflowX="auto" pb="1">
      {Array.from({ length: count }, (_, index) => (
        <Cover key={index} resourceId={resourceId} index={index} name={name} />
      ))}
    </HStack>
  );
}
