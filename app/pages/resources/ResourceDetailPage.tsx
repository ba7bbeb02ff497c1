import { Badge, Box, Button, Grid, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { Resource } from '../../../contract/apiMarket';
import { href } from '../../../contract/routes';
import { isApiRequestError } from '../../api/ApiRequestError';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { usePageTitle } from '../../i18n/usePageTitle';
import { Alert } from '../../theme/parts/alert';
import { formatBytes } from '../../utils/formatBytes';
import { formatKoreanTime } from '../../utils/formatKoreanTime';
import { formatPrice } from '../../utils/formatWon';
import { CoverCarousel } from './CoverCarousel';
import { KindIcon } from './KindIcon';
import { coverUrl, imagesNeedToken, sampleUrl } from '../../components/market/resourceImages';
import { marketApi, marketPublicKeys } from './marketApi';
import { MarketLoadError } from './MarketLoadError';
import { MarketQueryScope } from './MarketQueryScope';
import { ModelFacts } from './ModelFacts';
import { ResourceActions } from './ResourceActions';
import { SampleImage } from '../../components/market/SampleImage';
import { useMarketViewer } from './useBookmark';

function NotFound() {
  const { t } = useTranslation('resources');
  return (
    <Box maxW="2xl" mx="auto" py={{ base: '6', md: '12' }} textAlign="center" data-testid="resource-not-found">
      <Stack gap="6" align="center">
        <PageTitle title={t('detail.notFound')} mb="0" align="center" justify="center" />
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {t('detail.notFoundBody')}
        </Text>
        <Button asChild colorPalette="brand" size="lg">
          <Link href={href.resources()}>{t('detail.back')}</Link>
        </Button>
      </Stack>
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" id={id} size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack as="div" justify="space-between" align="flex-start" gap="4" py="2" borderBottomWidth="1px">
      <Text as="dt" color="fg.muted" fontSize="sm" flexShrink={0}>
        {label}
      </Text>
      <Box as="dd" fontSize="sm" textAlign="end" minW="0">
        {children}
      </Box>
    </HStack>
  );
}

/** Shown to the seller (or an admin or buyer) when the resource is not on the market. */
function NotListedNotice({ resource }: { resource: Resource }) {
  const { t } = useTranslation('resources');
  const state = resource.approval !== 'approved' ? resource.approval : 'private';
  return (
    <Alert.Root status="info" data-testid="resource-not-listed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('detail.notListed')}</Alert.Title>
        <Alert.Description>
          {t(`detail.states.${state}`)}
          {resource.rejectReason ? ` (${resource.rejectReason})` : ''}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function Detail({ resource }: { resource: Resource }) {
  const { t, i18n } = useTranslation('resources');
  usePageTitle(resource.name);
  const needsToken = imagesNeedToken(resource);
  const covers = Array.from({ length: resource.covers }, (_, i) => coverUrl(resource.id, i));
  const listed = resource.approval === 'approved' && resource.visibility === 'public';
  return (
    <Stack gap="6" data-testid="resource-detail" data-resource={resource.id}>
      <HStack gap="2" fontSize="sm" color="fg.muted">
        <Link href={href.resources()}>{t('detail.breadcrumb')}</Link>
        <Text aria-hidden="true">/</Text>
        <Link href={href.resources(resource.kind)}>{t(`kinds.${resource.kind}.title`)}</Link>
      </HStack>
      {!listed && <NotListedNotice resource={resource} />}
      {/* Phones: picture, then price and actions, then the rest; wide screens: the panel beside both. */}
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        templateAreas={{ base: '"cover" "panel" "body"', lg: '"cover panel" "body panel"' }}
        templateRows={{ lg: 'auto 1fr' }}
        columnGap="10"
        rowGap="8"
      >
        {(covers.length > 0 || resource.samples.length === 0) && (
          <Box gridArea="cover">
            {covers.length > 0 ? (
              <CoverCarousel urls={covers} needsToken={needsToken} name={resource.name} />
            ) : (
              <Box aspectRatio={16 / 10} bg="bg.muted" rounded="xl" display="grid" placeItems="center">
                <KindIcon kind={resource.kind} w="24" h="24" size={56} />
              </Box>
            )}
          </Box>
        )}
        <Stack gap="8" gridArea="body">
          <Section id="resource-description" title={t('detail.description')}>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {resource.description}
            </Text>
          </Section>
          {resource.samples.length > 0 && (
            <Section id="resource-samples" title={t('detail.samples')}>
              <Text fontSize="sm" color="fg.muted">
                {t('detail.samplesHint')}
              </Text>
              <SimpleGrid columns={{ base: 2, md: 3, lg: 2 }} gap="4">
                {resource.samples.map((sample) => (
                  <SampleImage
                    key={sample.index}
                    sample={sample}
                    url={sampleUrl(resource.id, sample.index)}
                    needsToken={needsToken}
                    alt={t('card.sampleAlt', { name: resource.name })}
                  />
                ))}
              </SimpleGrid>
            </Section>
          )}
          <Section id="resource-labels" title={t('detail.labels')}>
            {resource.labels.length === 0 ? (
              <Text color="fg.muted">{t('detail.noLabels')}</Text>
            ) : (
              <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" data-testid="resource-labels">
                {resource.labels.map((label) => (
                  <HStack as="li" key={label.name} gap="2" borderWidth="1px" rounded="full" px="3" py="1" fontSize="sm">
                    <Box
                      w="3"
                      h="3"
                      rounded="full"
                      flexShrink={0}
                      style={{ background: label.color }}
                      aria-hidden="true"
                    />
                    {label.name}
                  </HStack>
                ))}
              </HStack>
            )}
          </Section>
          {resource.model && <ModelFacts model={resource.model} />}
          <Section id="resource-licence" title={t('detail.licence')}>
            <Text fontSize="sm" color="fg.muted" data-testid="resource-licence">
              {t('detail.licenceBody')}
            </Text>
          </Section>
        </Stack>
        <Box gridArea="panel">
          <Stack
            gap="5"
            position={{ lg: 'sticky' }}
            top={{ lg: '24' }}
            borderWidth="1px"
            rounded="xl"
            p={{ base: '5', md: '6' }}
          >
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="brand" variant="subtle">
                {t(`kinds.${resource.kind}.title`)}
              </Badge>
              {resource.fields.map((field) => (
                <Badge key={field} variant="outline">
                  {t(`filters.fields.${field}`)}
                </Badge>
              ))}
            </HStack>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
              {resource.name}
            </Heading>
            <Text fontSize="2xl" fontWeight="800" data-testid="resource-price">
              {formatPrice(resource.price, i18n.language, t('card.free'))}
            </Text>
            <ResourceActions resource={resource} />
            <Box as="dl">
              <FactRow label={t('detail.format')}>{t(`filters.formats.${resource.format}`)}</FactRow>
              <FactRow label={t('detail.seller')}>{resource.seller.name}</FactRow>
              <FactRow label={t('detail.uploaded')}>
                <time dateTime={resource.createdAt}>{formatKoreanTime(resource.createdAt)}</time>
              </FactRow>
              {resource.kind === 'dataset' &&
                (['images', 'annotations', 'labels'] as const).map((key) => (
                  <FactRow key={key} label={t(`detail.counts.${key}`)}>
                    {resource.counts[key].toLocaleString(i18n.language)}
                  </FactRow>
                ))}
              <FactRow label={t('detail.size')}>{formatBytes(resource.bytes)}</FactRow>
              <FactRow label={t('detail.purchases')}>{resource.purchases.toLocaleString(i18n.language)}</FactRow>
            </Box>
          </Stack>
        </Box>
      </Grid>
    </Stack>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation('resources');
  usePageTitle(t('title'));
  return (
    <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="10" aria-hidden="true" data-testid="resource-loading">
      <Skeleton aspectRatio={16 / 10} rounded="xl" />
      <Stack gap="4">
        <Skeleton h="8" w="70%" />
        <Skeleton h="6" w="30%" />
        <Skeleton h="12" />
      </Stack>
    </Grid>
  );
}

function ResourceDetail({ id }: { id: string }) {
  const { viewer, ready } = useMarketViewer();
  const query = useQuery({
    queryKey: marketPublicKeys.resource(id, viewer),
    queryFn: ({ signal }) => marketApi.resource(id, signal),
    enabled: ready,
  });
  if (query.data) return <Detail resource={query.data} />;
  if (query.isError)
    return isApiRequestError(query.error) && query.error.status === 404 ? (
      <NotFound />
    ) : (
      <MarketLoadError error={query.error} onRetry={() => void query.refetch()} />
    );
  return <DetailSkeleton />;
}

/**
 * /resources/detail/:item: one market resource (an approved public one, or one the visitor may
 * see: their own, bought, or as a platform admin). Anything else, and the bare address, is the
 * not-found state with a way back to the market.
 */
export default function ResourceDetailPage() {
  const { item } = useParams<{ item?: string }>();
  return (
    <PageContainer>
      {item ? (
        <MarketQueryScope>
          <ResourceDetail key={item} id={item} />
        </MarketQueryScope>
      ) : (
        <NotFound />
      )}
    </PageContainer>
  );
}
