import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FaqEntry, NoticeSummary } from '../../../contract/apiSupport';
import { href, paths } from '../../../contract/routes';
import { formatKoreanTime } from '../../utils/formatKoreanTime';
import { faqAnchor } from './faqData';
import { Highlighted } from './Highlighted';
import { InlineLink } from './InlineLink';
import type { SearchablePage } from './searchSite';

function GroupHeading({ id, title, count }: { id: string; title: string; count: number }) {
  const { t } = useTranslation('support');
  return (
    <HStack gap="2" mb="4">
      <Heading as="h2" id={id} size={{ base: 'lg', md: 'xl' }}>
        {title}
      </Heading>
      <Badge colorPalette={count ? 'brand' : 'gray'} variant="subtle">
        {t('search.groupCount', { count })}
      </Badge>
    </HStack>
  );
}

export interface SearchResultsProps {
  keyword: string;
  notices: ReadonlyArray<NoticeSummary & { excerpt: string }>;
  faq: readonly FaqEntry[];
  pages: readonly SearchablePage[];
}

/** Results grouped as notices, FAQ and pages, with the keyword highlighted. */
export function SearchResults({ keyword, notices, faq, pages }: SearchResultsProps) {
  const { t } = useTranslation('support');
  return (
    <Stack gap={{ base: '10', md: '12' }} maxW="4xl">
      <Box as="section" aria-labelledby="search-notices-heading" data-testid="search-notices">
        <GroupHeading id="search-notices-heading" title={t('search.noticesHeading')} count={notices.length} />
        {notices.length === 0 ? (
          <Text color="fg.muted">{t('search.noneInGroup')}</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {notices.map((notice) => (
              <Box as="li" key={notice.id} borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }}>
                <HStack gap="2" mb="2">
                  <Badge variant="outline" colorPalette="gray">
                    {t(`notice.categories.${notice.category}`)}
                  </Badge>
                  <Text as="span" fontSize="xs" color="fg.muted">
                    {formatKoreanTime(notice.createdAt).slice(0, 10)}
                  </Text>
                </HStack>
                <Heading as="h3" size="md" mb="2">
                  <InlineLink href={href.noticeDetail(notice.id)}>
                    <span>
                      <Highlighted text={notice.title} keyword={keyword} />
                    </span>
                  </InlineLink>
                </Heading>
                <Text color="fg" fontSize="sm" lineHeight="1.8">
                  <Highlighted text={notice.excerpt} keyword={keyword} />
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      <Box as="section" aria-labelledby="search-faq-heading" data-testid="search-faq">
        <GroupHeading id="search-faq-heading" title={t('search.faqHeading')} count={faq.length} />
        {faq.length === 0 ? (
          <Text color="fg.muted">{t('search.noneInGroup')}</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {faq.map((entry) => (
              <Box as="li" key={entry.id} borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }}>
                <Badge variant="outline" colorPalette="gray" mb="2">
                  {t(`faq.categories.${entry.category}`)}
                </Badge>
                <Heading as="h3" size="md" mb="2">
                  <Highlighted text={entry.question} keyword={keyword} />
                </Heading>
                <Text color="fg" fontSize="sm" lineHeight="1.8" mb="3">
                  <Highlighted text={entry.answer} keyword={keyword} />
                </Text>
                <InlineLink href={`${paths.supportFaq}#${faqAnchor(entry.id)}`} fontSize="sm">
                  {t('search.openFaq')}
                </InlineLink>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      <Box as="section" aria-labelledby="search-pages-heading" data-testid="search-pages">
        <GroupHeading id="search-pages-heading" title={t('search.pagesHeading')} count={pages.length} />
        {pages.length === 0 ? (
          <Text color="fg.muted">{t('search.noneInGroup')}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {pages.map((page) => (
              <Box as="li" key={page.href} borderWidth="1px" rounded="lg" px={{ base: '4', md: '5' }} py="3">
                {page.section && (
                  <Text fontSize="xs" color="fg.muted" mb="0.5">
                    {page.section}
                  </Text>
                )}
                <InlineLink href={page.href} external={page.external} newTabLabel={t('search.newTab')} fontWeight="600">
                  <span>
                    <Highlighted text={page.title} keyword={keyword} />
                  </span>
                </InlineLink>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
