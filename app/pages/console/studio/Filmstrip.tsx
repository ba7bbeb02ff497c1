import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AuthedThumbnail } from '../dataset/AuthedThumbnail';
import type { ImageNeighbors } from '../image/useImageNeighbors';

export interface FilmstripProps {
  imageId: string;
  neighbors: ImageNeighbors;
  onOpen: (imageId: string) => void;
  /** The keys of previous/next, for the buttons' titles. */
  keys: { previous: string; next: string };
}

/** The images around this one in list order, with previous/next; the current one is marked. */
export function Filmstrip({ imageId, neighbors, onOpen, keys }: FilmstripProps) {
  const { t } = useTranslation('studio');
  const { prevId, nextId, index, total, around } = neighbors;
  return (
    <HStack
      as="nav"
      aria-label={t('filmstrip.label')}
      gap="2"
      px="2"
      py="1"
      borderTopWidth="1px"
      flexShrink={0}
      data-testid="filmstrip"
    >
      <Button
        size="xs"
        variant="outline"
        disabled={!prevId}
        onClick={() => prevId && onOpen(prevId)}
        title={`${t('filmstrip.previous')} (${keys.previous})`}
        data-testid="viewer-prev"
      >
        ←{' '}
        <Box as="span" hideBelow="sm">
          {t('filmstrip.previous')}
        </Box>
      </Button>
      <HStack gap="1" flex="1" minW="0" overflowX="auto" justify="center">
        {around.map((item) => (
          <Box
            key={item.id}
            as="button"
            flexShrink={0}
            borderWidth="2px"
            borderColor={item.id === imageId ? 'brand.solid' : 'transparent'}
            rounded="sm"
            title={item.fileName}
            aria-label={item.fileName}
            aria-current={item.id === imageId ? 'true' : undefined}
            onClick={() => item.id !== imageId && onOpen(item.id)}
            data-testid="filmstrip-item"
            data-labeled={item.labeled}
          >
            <AuthedThumbnail url={item.thumbnailUrl} alt="" size={40} />
          </Box>
        ))}
      </HStack>
      {index !== null && total !== null && (
        <Text fontSize="xs" fontVariantNumeric="tabular-nums" data-testid="viewer-position">
          {t('position', { index, total })}
        </Text>
      )}
      <Button
        size="xs"
        variant="outline"
        disabled={!nextId}
        onClick={() => nextId && onOpen(nextId)}
        title={`${t('filmstrip.next')} (${keys.next})`}
        data-testid="viewer-next"
      >
        <Box as="span" hideBelow="sm">
          {t('filmstrip.next')}
        </Box>{' '}
        →
      </Button>
    </HStack>
  );
}
