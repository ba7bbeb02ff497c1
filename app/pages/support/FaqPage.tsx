import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { FaqCategoryFilter, type FaqFilter } from './FaqCategoryFilter';
import { faqAnchor, FAQ_CATEGORIES, faqEntries, isFaqId, type FaqId } from './faqData';
import { FaqSection } from './FaqSection';

/** The entry named by the address's hash (#faq-<id>), which search results link to. */
function hashEntry(): FaqId | null {
  if (typeof window === 'undefined') return null;
  const hash = window.location.hash;
  if (!hash.startsWith('#faq-')) return null;
  const id = hash.slice('#faq-'.length);
  return isFaqId(id) ? id : null;
}

/** /support/faq: questions grouped by category, with category filter chips. */
export default function FaqPage() {
  const { t } = useTranslation('support');
  const [filter, setFilter] = useState<FaqFilter>('all');
  const [openId] = useState(hashEntry);
  const entries = faqEntries(t);
  const categories = filter === 'all' ? FAQ_CATEGORIES : [filter];

  useEffect(() => {
    if (openId) document.getElementById(faqAnchor(openId))?.scrollIntoView();
  }, [openId]);

  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle title={t('faq.title')} description={t('faq.description')} />
      <FaqCategoryFilter value={filter} onChange={setFilter} />
      <Stack gap={{ base: '10', md: '12' }} maxW="4xl">
        {categories.map((category) => (
          <FaqSection key={category} category={category} entries={entries.filter((e) => e.category === category)} openId={openId} />
        ))}
      </Stack>
      <Box as="section" aria-labelledby="faq-more-heading" mt={{ base: '12', md: '16' }} maxW="4xl" bg="bg.subtle" borderWidth="1px" rounded="xl" p={{ base: '5', md: '8' }}>
        <Heading as="h2" id="faq-more-heading" size="lg" mb="2">{t('faq.moreHeading')}</Heading>
        <Text color="fg.muted" mb="4">{t('faq.moreText')}</Text>
        <Button asChild colorPalette="brand">
          <Link href={paths.supportDocs}>{t('faq.moreAction')}</Link>
        </Button>
      </Box>
    </PageContainer>
  );
}
