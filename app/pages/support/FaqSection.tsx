import { Badge, Box, Heading, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Accordion } from '../../theme/parts/accordion';
import type { FaqEntry } from '../../../contract/apiSupport';
import { faqAnchor, type FaqCategory } from './faqData';

/** One FAQ category: its heading and its questions as an accordion. */
export function FaqSection({
  category,
  entries,
  openId,
}: {
  category: FaqCategory;
  entries: FaqEntry[];
  openId?: string | null;
}) {
  const { t } = useTranslation('support');
  const headingId = `faq-category-${category}`;
  const open = entries.some((e) => e.id === openId) && openId ? [openId] : [];
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={`faq-section-${category}`}>
      <HStack gap="2" mb="3">
        <Heading as="h2" id={headingId} size={{ base: 'lg', md: 'xl' }}>
          {t(`faq.categories.${category}`)}
        </Heading>
        <Badge colorPalette="gray" variant="subtle">
          {t('faq.count', { count: entries.length })}
        </Badge>
      </HStack>
      <Accordion.Root collapsible multiple defaultValue={open} variant="enclosed">
        {entries.map((entry) => (
          <Accordion.Item key={entry.id} value={entry.id}>
            <Heading as="h3" size="md" id={faqAnchor(entry.id)} scrollMarginTop="24">
              <Accordion.ItemTrigger py="4" cursor="pointer" fontWeight="600">
                <Text as="span" aria-hidden="true" color="brand.fg" fontWeight="800">
                  Q.
                </Text>
                <Box as="span" flex="1" textAlign="start">
                  {entry.question}
                </Box>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <Text color="fg" lineHeight="1.8" ps={{ md: '7' }}>
                  {entry.answer}
                </Text>
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Box>
  );
}
