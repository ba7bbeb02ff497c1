import { Box, Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useLocale } from '../../i18n/useLocale';
import { faqEntries } from './faqData';
import { SearchResults } from './SearchResults';
import { keywordFromSearch, searchSite } from './searchSite';
import { sitePages } from './sitePages';
import { SupportSearchForm } from './SupportSearchForm';

/** /support/search?keyword=…: searches the FAQ and the site's page titles in the page's language. */
export default function SearchPage() {
  const { t } = useTranslation(['support', 'common']);
  const { locale } = useLocale();
  const keyword = keywordFromSearch(useSearch());
  const result = searchSite(keyword, { faq: faqEntries(t), pages: sitePages(t) }, locale);

  let body;
  if (!keyword) {
    body = <EmptyState message={t('search.prompt')} hint={t('search.promptHint')} data-testid="search-prompt" />;
  } else if (result.total === 0) {
    body = (
      <EmptyState
        message={t('search.noResults', { keyword })}
        hint={t('search.noResultsHint')}
        action={<Button asChild variant="outline" colorPalette="brand" mt="2"><Link href={paths.supportDocs}>{t('search.noResultsAction')}</Link></Button>}
        data-testid="search-no-results"
      />
    );
  } else {
    body = <SearchResults result={result} />;
  }

  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle title={t('search.title')} description={t('search.description')} />
      {/* Keyed by the keyword: the box shows the URL's keyword after back/forward navigation. */}
      <SupportSearchForm key={keyword} initialKeyword={keyword} showLabel={false} maxW="3xl" mb="6" />
      <Box role="status" aria-live="polite" aria-atomic="true" mb="8">
        {keyword && result.total > 0 && (
          <Text fontWeight="600" data-testid="search-summary">{t('search.summary', { keyword, count: result.total })}</Text>
        )}
      </Box>
      {body}
    </PageContainer>
  );
}
