import { Box, Button, Grid, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { MARKET_PAGE_SIZE } from '../../../contract/apiMarket';
import { marketHref } from '../../../contract/marketRoutes';
import { href, paths, RESOURCE_KINDS, type ResourceKind } from '../../../contract/routes';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Paginator } from '../../components/Paginator';
import { marketApi, marketPublicKeys } from './marketApi';
import { MarketFilterPanel, MarketSearchBar } from './MarketFilters';
import { MarketLoadError } from './MarketLoadError';
import {
  activeFilterCount,
  DEFAULT_MARKET_STATE,
  marketApiQuery,
  marketSearch,
  readMarketState,
  type MarketListState,
} from './marketQuery';
import { ResourceCard, ResourceCardSkeleton } from './ResourceCard';
import { useMarketViewer } from './useBookmark';

function KindNav({ current }: { current: ResourceKind }) {
  const { t } = useTranslation('resources');
  return (
    <Stack as="nav" aria-label={t('list.kindNav')} direction="row" gap="2" wrap="wrap">
      <Button asChild size="sm" variant="ghost">
        <Link href={href.resources()}>{t('title')}</Link>
      </Button>
      {RESOURCE_KINDS.map((kind) => (
        <Button
          key={kind}
          asChild
          size="sm"
          variant={kind === current ? 'subtle' : 'ghost'}
          colorPalette={kind === current ? 'brand' : 'gray'}
        >
          <Link href={href.resources(kind)} aria-current={kind === current ? 'page' : undefined}>
            {t(`kinds.${kind}.title`)}
          </Link>
        </Button>
      ))}
    </Stack>
  );
}

function EmptyMarket({ kind, filtered, onReset }: { kind: ResourceKind; filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation('resources');
  const frame = { borderWidth: '1px', borderStyle: 'dashed', rounded: 'xl' } as const;
  if (filtered)
    return (
      <EmptyState
        {...frame}
        message={t('list.noMatch')}
        hint={t('list.noMatchHint')}
        action={
          <Button colorPalette="brand" size="sm" onClick={onReset} data-testid="market-empty-reset">
            {t('list.resetFilters')}
          </Button>
        }
      />
    );
  return (
    <EmptyState
      {...frame}
      message={t(`kinds.${kind}.empty`)}
      hint={t(`kinds.${kind}.emptyHint`)}
      action={
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="2">
          <Button asChild colorPalette="brand" size="sm">
            <Link href={marketHref.newResource()}>{t('list.postFromConsole')}</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link href={`${paths.docs}#market-sell`}>{t('list.howToSell')}</Link>
          </Button>
        </Stack>
      }
    />
  );
}

function Results({
  kind,
  state,
  go,
}: {
  kind: ResourceKind;
  state: MarketListState;
  go: (s: MarketListState) => void;
}) {
  const { t } = useTranslation('resources');
  const { viewer, ready } = useMarketViewer();
  const apiQuery = marketApiQuery(kind, state);
  const query = useQuery({
    queryKey: marketPublicKeys.list(apiQuery, viewer),
    queryFn: ({ signal }) => marketApi.list(apiQuery, signal),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const data = query.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pastTheEnd = !!data && !query.isPlaceholderData && data.items.length === 0 && data.total > 0;
  useEffect(() => {
    // A shared link to a page the list no longer reaches shows its last page.
    if (pastTheEnd && state.page > lastPage) go({ ...state, page: lastPage });
  }, [pastTheEnd, state, lastPage, go]);

  if (query.isError && !data) return <MarketLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data)
    return (
      <SimpleGrid
        columns={{ base: 1, sm: 2, xl: 3 }}
        gap="5"
        role="status"
        aria-label={t('list.loading')}
        data-testid="market-loading"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <ResourceCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  if (data.items.length === 0)
    return (
      <EmptyMarket
        kind={kind}
        filtered={activeFilterCount(state) > 0}
        onReset={() => go({ ...DEFAULT_MARKET_STATE, sort: state.sort })}
      />
    );
  return (
    <Stack gap="4" opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isFetching}>
      {query.isError && <MarketLoadError error={query.error} onRetry={() => void query.refetch()} />}
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="market-count">
        {t('list.count', { count: data.total })}
      </Text>
      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 1, sm: 2, xl: 3 }}
        gap="5"
        aria-label={t('list.resultsLabel')}
      >
        {data.items.map((resource) => (
          <li key={resource.id}>
            <ResourceCard resource={resource} />
          </li>
        ))}
      </SimpleGrid>
      {data.total > data.pageSize && (
        <Paginator
          page={state.page}
          pageSize={data.pageSize || MARKET_PAGE_SIZE}
          itemsLength={data.total}
          onChange={(page) => {
            go({ ...state, page });
            window.scrollTo?.({ top: 0 });
          }}
        />
      )}
    </Stack>
  );
}

/**
 * /resources/dataset and /resources/model: a category's approved public resources with search,
 * filters, sort and pages, all kept in the address.
 */
export function ResourceList({ kind }: { kind: ResourceKind }) {
  const { t } = useTranslation('resources');
  const [location, navigate] = useLocation();
  const currentSearch = useSearch();
  const state = readMarketState(currentSearch, kind);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const go = (next: MarketListState) => {
    const search = marketSearch(next);
    // The same list again (a repeated search) adds no history entry.
    if (search === currentSearch) return;
    navigate(search ? `${location}?${search}` : location);
  };
  const count = activeFilterCount(state);
  return (
    <PageContainer>
      <Stack gap="6">
        <KindNav current={kind} />
        <PageTitle title={t(`kinds.${kind}.title`)} description={t(`kinds.${kind}.description`)} mb="0" />
        <MarketSearchBar state={state} onChange={go} />
        <Grid templateColumns={{ base: '1fr', md: '220px 1fr' }} gap={{ base: '4', md: '8' }} alignItems="start">
          <Box as="aside">
            <Button
              hideFrom="md"
              variant="outline"
              w="full"
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen((open) => !open)}
              data-testid="market-filters-toggle"
            >
              {count > 0 ? t('filters.toggleCount', { count }) : t('filters.toggle')}
            </Button>
            <Box
              id={panelId}
              display={{ base: filtersOpen ? 'block' : 'none', md: 'block' }}
              mt={{ base: '4', md: '0' }}
            >
              <MarketFilterPanel kind={kind} state={state} onChange={go} />
            </Box>
          </Box>
          <Results kind={kind} state={state} go={go} />
        </Grid>
      </Stack>
    </PageContainer>
  );
}
