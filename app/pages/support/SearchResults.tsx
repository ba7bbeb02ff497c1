import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/routes';
import { faqAnchor, isFaqCategory, isFaqId } from './faqData';
import { Highlighted } from './Highlighted';
import { InlineLink } from './InlineLink';
import type { SiteSearchResult } from './searchSite';

function GroupHeading({ id, title, count }: { id: string; title: string; count: number }) {
  const { t } = useTranslation('support');
  return (
    <HStack gap="2" mb="4">
      <Heading as="h2" id={id} size={{ base: 'lg', md: 'xl' }}>{title}</Heading>
      <Badge colorPalette={count ? 'brand' : 'gray'} variant="subtle">{t('search.groupCount', { count })}</Badge>
    </HStack>
  );
}

/** Results grouped as FAQ and pages, with the keyword highlighted. */
export function SearchResults({ result }: { result: SiteSearchResult }) {
  const { t } = useTranslation('support');
  const { keyword } = result;
  return (
    <Stack gap={{ base: '10', md: '12' }} maxW="4xl">
      <Box as="section" aria-labelledby="search-faq-heading" data-testid="search-faq">
        <GroupHeading id="search-faq-heading" title={t('search.faqHeading')} count={result.faq.length} />
        {result.faq.length === 0 ? (
          <Text color="fg.muted">{t('search.noneInGroup')}</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {result.faq.map((entry) => (
              <Box as="li" key={entry.id} borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }}>
                {isFaqCategory(entry.category) && (
                  <Badge variant="outline" colorPalette="gray" mb="2">{t(`faq.categories.${entry.category}`)}</Badge>
                )}
                <Heading as="h3" size="md" mb="2"><Highlighted text={entry.question} keyword={keyword} /></Heading>
                <Text color="fg" fontSize="sm" lineHeight="1.8" mb="3"><Highlighted text={entry.answer} keyword={keyword} /></Text>
                <InlineLink href={isFaqId(entry.id) ? `${paths.supportFaq}#${faqAnchor(entry.id)}` : paths.supportFaq} fontSize="sm">
                  {t('search.openFaq')}
                </InlineLink>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      <Box as="section" aria-labelledby="search-pages-heading" data-testid="search-pages">
        <GroupHeading id="search-pages-heading" title={t('search.pagesHeading')} count={result.pages.length} />
        {result.pages.length === 0 ? (
          <Text color="fg.muted">{t('search.noneInGroup')}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {result.pages.map((page) => (
              <Box as="li" key={page.href} borderWidth="1px" rounded="lg" px={{ base: '4', md: '5' }} py="3">
                {page.section && <Text fontSize="xs" color="fg.muted" mb="0.5">{page.section}</Text>}
                <InlineLink href={page.href} external={page.external} newTabLabel={t('search.newTab')} fontWeight="600">
                  <span><Highlighted text={page.title} keyword={keyword} /></span>
                </InlineLink>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
