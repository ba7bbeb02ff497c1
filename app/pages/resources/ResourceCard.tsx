import { Badge, Box, HStack, LinkOverlay, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Resource } from '../../../contract/apiMarket';
import { href } from '../../../contract/routes';
import { Card } from '../../theme/parts/card';
import { formatKoreanTime } from '../../utils/formatKoreanTime';
import { formatPrice } from '../../utils/formatWon';
import { BookmarkButton } from './BookmarkButton';
import { KindIcon } from './KindIcon';
import { coverUrl, imagesNeedToken, sampleUrl } from '../../components/market/resourceImages';
import { useApiImage } from '../../components/market/useApiImage';

/** The picture of a card: the first cover, else the first sample image, else the kind's drawing. */
export function cardImageOf(resource: Resource): { url: string; alt: 'coverAlt' | 'sampleAlt' } | null {
  if (resource.covers > 0) return { url: coverUrl(resource.id, 0), alt: 'coverAlt' };
  const sample = resource.samples[0];
  return sample ? { url: sampleUrl(resource.id, sample.index), alt: 'sampleAlt' } : null;
}

function CardImage({ resource }: { resource: Resource }) {
  const { t } = useTranslation('resources');
  const image = cardImageOf(resource);
  const { src, failed } = useApiImage(image?.url ?? null, imagesNeedToken(resource));
  return (
    <Box aspectRatio={16 / 10} bg="bg.muted" display="grid" placeItems="center" overflow="hidden" roundedTop="inherit">
      {image && src && !failed ? (
        <img
          src={src}
          alt={t(`card.${image.alt}`, { name: resource.name })}
          loading="lazy"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          data-testid="resource-card-image"
        />
      ) : (
        <KindIcon kind={resource.kind} data-testid="resource-card-icon" />
      )}
    </Box>
  );
}

/** A market card: picture, name (the link to its page), price, fields, format, seller, date, bookmark. */
export function ResourceCard({ resource, headingLevel = 'h2' }: { resource: Resource; headingLevel?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation('resources');
  const price = formatPrice(resource.price, i18n.language, t('card.free'));
  return (
    <Card.Root
      variant="outline"
      h="full"
      overflow="hidden"
      position="relative"
      _hover={{ shadow: 'md' }}
      data-testid="resource-card"
      data-resource={resource.id}
    >
      <CardImage resource={resource} />
      <Card.Body gap="2" p="4">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Card.Title as={headingLevel} fontSize="md" lineClamp={2} wordBreak="break-word">
            <LinkOverlay asChild>
              <Link href={href.resourceDetail(resource.id)}>{resource.name}</Link>
            </LinkOverlay>
          </Card.Title>
          {/* Above the overlay link, so the toggle gets the click. */}
          <Box position="relative" zIndex="1" mt="-1" me="-2">
            <BookmarkButton resource={resource} variant="icon" />
          </Box>
        </HStack>
        <Text fontWeight="700" color={resource.price > 0 ? 'fg' : 'green.600'} data-testid="resource-card-price">
          {price}
        </Text>
        <HStack gap="1" wrap="wrap" aria-label={t('card.fieldsLabel')}>
          {resource.fields.map((field) => (
            <Badge key={field} colorPalette="brand" variant="subtle">
              {t(`filters.fields.${field}`)}
            </Badge>
          ))}
          <Badge variant="outline" colorPalette="gray">
            {t(`filters.formats.${resource.format}`)}
          </Badge>
        </HStack>
      </Card.Body>
      <Card.Footer px="4" pb="4" pt="0">
        <Stack gap="0" fontSize="xs" color="fg.muted" w="full">
          <Text truncate>
            {t('card.seller')} · {resource.seller.name}
          </Text>
          <Text>
            {t('card.uploaded')} · <time dateTime={resource.createdAt}>{formatKoreanTime(resource.createdAt)}</time>
          </Text>
        </Stack>
      </Card.Footer>
    </Card.Root>
  );
}

/** A card's shape while the list loads. */
export function ResourceCardSkeleton() {
  return (
    <Card.Root variant="outline" overflow="hidden" aria-hidden="true">
      <Skeleton aspectRatio={16 / 10} />
      <Card.Body gap="3" p="4">
        <Skeleton h="5" w="70%" />
        <Skeleton h="4" w="30%" />
        <Skeleton h="4" w="50%" />
      </Card.Body>
    </Card.Root>
  );
}
