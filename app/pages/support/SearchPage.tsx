import { Box, Button, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useLocale } from '../../i18n/useLocale';
import { LoadError, Loading } from './LoadProblem';
import { SearchResults } from './SearchResults';
import { keywordFromSearch, searchSite } from './searchSite';
import { sitePages } from './sitePages';
import { supportApi, supportKeys } from './supportApi';
import { SupportQueryScope } from './SupportQueryScope';
import { SupportSearchForm } from './SupportSearchForm';

/** The API takes at most 100 characters of keyword. */
const KEYWORD_MAX = 100;

function SearchBody({ keyword }: { keyword: string }) {
  const { t } = useTranslation(['support', 'common']);
  const { locale } = useLocale();
  const apiKeyword = keyword.slice(0, KEYWORD_MAX);
  const query = useQuery({
    queryKey: supportKeys.search(apiKeyword, locale),
    queryFn: ({ signal }) => supportApi.search(apiKeyword, locale, signal),
    enabled: Boolean(keyword),
  });
  const pages = searchSite(keyword, { faq: [], pages: sitePages(t) }, locale).pages;

  if (!keyword)
    return <EmptyState message={t('search.prompt')} hint={t('search.promptHint')} data-testid="search-prompt" />;
  if (query.isPending) return <Loading testId="search-loading" />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} testId="search-error" />;

  const { notices, faq } = query.data;
  const total = notices.length + faq.length + pages.length;
  return (
    <>
      <Box role="status" aria-live="polite" aria-atomic="true" mb="8">
        {total > 0 && (
          <Text fontWeight="600" data-testid="search-summary">
            {t('search.summary', { keyword, count: total })}
          </Text>
        )}
      </Box>
      {total === 0 ? (
        <EmptyState
          message={t('search.noResults', { keyword })}
          hint={t('search.noResultsHint')}
          action={
            <Button asChild variant="outline" colorPalette="brand" mt="2">
              <Link href={paths.supportDocs}>{t('search.noResultsAction')}</Link>
            </Button>
          }
          data-testid="search-no-results"
        />
      ) : (
        <SearchResults keyword={keyword} notices={notices} faq={faq} pages={pages} />
      )}
    </>
  );
}

/** /support/search?keyword=…: notices and FAQ from the API, plus the site's page titles, in the page's language. */
export default function SearchPage() {
  const { t } = useTranslation(['support', 'common']);
  const keyword = keywordFromSearch(useSearch());

  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle title={t('search.title')} description={t('search.description')} />
      {/* Keyed by the keyword: the box shows the URL's keyword after back/forward navigation. */}
      <SupportSearchForm key={keyword} initialKeyword={keyword} showLabel={false} maxW="3xl" mb="6" />
      <SupportQueryScope>
        <SearchBody keyword={keyword} />
      </SupportQueryScope>
    </PageContainer>
  );
}
