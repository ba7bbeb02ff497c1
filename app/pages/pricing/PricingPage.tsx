import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { BillingToggle } from './BillingToggle';
import { PlanCard } from './PlanCard';
import { PlanComparisonTable } from './PlanComparisonTable';
import { PLANS, type Billing } from './plans';
import { PricingFaq } from './PricingFaq';

/** /pricing: the plan guide (plans, comparison table, pricing FAQ). */
export default function PricingPage() {
  const { t } = useTranslation('pricing');
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <PageContainer>
      <Breadcrumbs current={t('title')} />
      <PageTitle title={t('title')} description={t('description')} />
      <Box as="section" aria-labelledby="plans-heading">
        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          align={{ base: 'flex-start', md: 'center' }}
          gap="4"
          mb="6"
        >
          <Heading as="h2" id="plans-heading" size={{ base: 'xl', md: '2xl' }}>
            {t('plansHeading')}
          </Heading>
          <BillingToggle value={billing} onChange={setBilling} />
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="5">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} billing={billing} />
          ))}
        </SimpleGrid>
        <Stack gap="1" mt="4" fontSize="sm" color="fg.muted">
          <Text>{t('price.vat')}</Text>
          <Text>{t('price.yearlyNote')}</Text>
        </Stack>
      </Box>
      <PlanComparisonTable />
      <PricingFaq />
    </PageContainer>
  );
}
