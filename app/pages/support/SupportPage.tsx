import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SupportContact } from './SupportContact';
import { SupportHubCards } from './SupportHubCards';
import { SupportSearchForm } from './SupportSearchForm';

/** /support: the information center (search, help topics, contact). */
export default function SupportPage() {
  const { t } = useTranslation('support');
  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle title={t('hub.title')} description={t('hub.description')} />
      <Box bg="brand.subtle" rounded="xl" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }}>
        <SupportSearchForm maxW="3xl" />
      </Box>
      <SupportHubCards />
      <SupportContact />
    </PageContainer>
  );
}
