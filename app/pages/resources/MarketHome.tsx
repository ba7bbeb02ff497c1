import { Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href, RESOURCE_KINDS, type ResourceKind } from '../../../contract/routes';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Card } from '../../theme/parts/card';
import { KindIcon } from './KindIcon';
import { marketApi, marketPublicKeys } from './marketApi';
import { DEFAULT_MARKET_STATE, marketApiQuery } from './marketQuery';
import { ResourceCard, ResourceCardSkeleton } from './ResourceCard';
import { useMarketViewer } from './useBookmark';

const STRIP_SIZE = 4;

const STEPS = ['browse', 'buy', 'sell'] as const;

/** The newest approved resources of a kind; nothing at all when there are none (or they cannot load). */
function NewestStrip({ kind }: { kind: ResourceKind }) {
  const { t } = useTranslation('resources');
  const { viewer, ready } = useMarketViewer();
  const apiQuery = marketApiQuery(kind, DEFAULT_MARKET_STATE, STRIP_SIZE);
  const query = useQuery({
    queryKey: marketPublicKeys.list(apiQuery, viewer),
    queryFn: ({ signal }) => marketApi.list(apiQuery, signal),
    enabled: ready,
  });
  if (query.isError || (query.data && query.data.items.length === 0)) return null;
  const titleId = `market-newest-${kind}`;
  return (
    <Stack as="section" aria-labelledby={titleId} gap="4" data-testid={`market-newest-${kind}`}>
      <HStack justify="space-between" align="baseline">
        <Heading as="h2" id={titleId} size={{ base: 'lg', md: 'xl' }}>
          {t(`home.newestTitle.${kind}`)}
        </Heading>
        <Button asChild size="sm" variant="ghost" colorPalette="brand">
          <Link href={href.resources(kind)}>{t('home.seeAll')}</Link>
        </Button>
      </HStack>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
        {query.data
          ? query.data.items.map((resource) => (
              <li key={resource.id}>
                <ResourceCard resource={resource} headingLevel="h3" />
              </li>
            ))
          : Array.from({ length: STRIP_SIZE }, (_, i) => (
              <li key={i}>
                <ResourceCardSkeleton />
              </li>
            ))}
      </SimpleGrid>
    </Stack>
  );
}

function KindCard({ kind }: { kind: ResourceKind }) {
  const { t } = useTranslation('resources');
  return (
    <Card.Root variant="outline" size="lg" h="full" data-testid={`market-card-${kind}`}>
      <Card.Body gap="4">
        <KindIcon kind={kind} />
        <Card.Title as="h2" fontSize="xl">
          {t(`kinds.${kind}.title`)}
        </Card.Title>
        <Card.Description color="fg.muted">{t(`kinds.${kind}.description`)}</Card.Description>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand">
          <Link href={href.resources(kind)}>{t(`kinds.${kind}.cta`)}</Link>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** /resources: what the market is, its two categories, the newest of each, and how buying and selling work. */
export function MarketHome() {
  const { t } = useTranslation('resources');
  return (
    <PageContainer>
      <PageTitle title={t('title')} description={t('description')} />
      <SimpleGrid
        as="ul"
        aria-label={t('home.categoriesLabel')}
        listStyleType="none"
        columns={{ base: 1, md: 2 }}
        gap="6"
      >
        {RESOURCE_KINDS.map((kind) => (
          <li key={kind}>
            <KindCard kind={kind} />
          </li>
        ))}
      </SimpleGrid>
      <Stack gap={{ base: '10', md: '12' }} mt={{ base: '12', md: '16' }}>
        {RESOURCE_KINDS.map((kind) => (
          <NewestStrip key={kind} kind={kind} />
        ))}
      </Stack>
      <Stack as="section" aria-labelledby="market-how-title" gap="6" mt={{ base: '12', md: '16' }}>
        <Heading as="h2" id="market-how-title" size={{ base: 'xl', md: '2xl' }}>
          {t('home.howTitle')}
        </Heading>
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6">
          {STEPS.map((step, i) => (
            <Stack as="li" key={step} gap="2" bg="bg.subtle" rounded="xl" p="6">
              <Text fontSize="sm" fontWeight="700" color="brand.fg" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </Text>
              <Heading as="h3" size="md">
                {t(`home.steps.${step}.title`)}
              </Heading>
              <Text color="fg.muted">{t(`home.steps.${step}.body`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </PageContainer>
  );
}
