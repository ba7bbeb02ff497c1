import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Accordion } from '../../theme/parts/accordion';
import { PRICING_FAQ_IDS } from './plans';

/** Short pricing questions and answers under the comparison table. */
export function PricingFaq() {
  const { t } = useTranslation('pricing');
  return (
    <Box as="section" aria-labelledby="pricing-faq-heading" mt={{ base: '14', md: '20' }} maxW="4xl">
      <Heading as="h2" id="pricing-faq-heading" size={{ base: 'xl', md: '2xl' }} mb="4">
        {t('faq.heading')}
      </Heading>
      <Accordion.Root collapsible multiple variant="enclosed">
        {PRICING_FAQ_IDS.map((id) => (
          <Accordion.Item key={id} value={id}>
            <Heading as="h3" size="md">
              <Accordion.ItemTrigger py="4" cursor="pointer" fontWeight="600">
                <Box flex="1" textAlign="start">
                  {t(`faq.items.${id}.question`)}
                </Box>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <Text color="fg.muted" lineHeight="1.8">
                  {t(`faq.items.${id}.answer`)}
                </Text>
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Box>
  );
}
