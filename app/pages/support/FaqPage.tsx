import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useLocale } from '../../i18n/useLocale';
import { FaqCategoryFilter, type FaqFilter } from './FaqCategoryFilter';
import { faqAnchor, FAQ_CATEGORIES, faqIdFromHash, type FaqCategory } from './faqData';
import { FaqSection } from './FaqSection';
import { LoadError, Loading } from './LoadProblem';
import { supportApi, supportKeys } from './supportApi';
import { SupportQueryScope } from './SupportQueryScope';

/** The filter chips and the entries of the page's language. */
function FaqBody({ openId }: { openId: string | null }) {
  const [filter, setFilter] = useState<FaqFilter>('all');
  const { locale } = useLocale();
  const query = useQuery({
    queryKey: supportKeys.faq(locale),
    queryFn: ({ signal }) => supportApi.faq(locale, signal),
  });
  const loaded = query.data !== undefined;

  useEffect(() => {
    if (loaded && openId) document.getElementById(faqAnchor(openId))?.scrollIntoView();
  }, [loaded, openId]);

  const counts = query.data
    ? (Object.fromEntries(FAQ_CATEGORIES.map((c) => [c, query.data.filter((e) => e.category === c).length])) as Record<
        FaqCategory,
        number
      >)
    : null;
  const categories = filter === 'all' ? FAQ_CATEGORIES : [filter];
  let list;
  if (query.isPending) list = <Loading testId="faq-loading" />;
  else if (query.isError)
    list = <LoadError error={query.error} onRetry={() => void query.refetch()} testId="faq-error" />;
  else {
    list = (
      <Stack gap={{ base: '10', md: '12' }} maxW="4xl">
        {categories.map((category) => (
          <FaqSection
            key={category}
            category={category}
            entries={query.data.filter((e) => e.category === category)}
            openId={openId}
          />
        ))}
      </Stack>
    );
  }
  return (
    <>
      <FaqCategoryFilter value={filter} onChange={setFilter} counts={counts} />
      {list}
    </>
  );
}

/** /support/faq: questions from the API grouped by category, with category filter chips. */
export default function FaqPage() {
  const { t } = useTranslation('support');
  const [openId] = useState(() => (typeof window === 'undefined' ? null : faqIdFromHash(window.location.hash)));

  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle title={t('faq.title')} description={t('faq.description')} />
      <SupportQueryScope>
        <FaqBody openId={openId} />
      </SupportQueryScope>
      <Box
        as="section"
        aria-labelledby="faq-more-heading"
        mt={{ base: '12', md: '16' }}
        maxW="4xl"
        bg="bg.subtle"
        borderWidth="1px"
        rounded="xl"
        p={{ base: '5', md: '8' }}
      >
        <Heading as="h2" id="faq-more-heading" size="lg" mb="2">
          {t('faq.moreHeading')}
        </Heading>
        <Text color="fg.muted" mb="4">
          {t('faq.moreText')}
        </Text>
        <Button asChild colorPalette="brand">
          <Link href={paths.supportDocs}>{t('faq.moreAction')}</Link>
        </Button>
      </Box>
    </PageContainer>
  );
}
