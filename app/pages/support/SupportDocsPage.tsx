import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Alert } from '../../theme/parts/alert';
import { List } from '../../theme/parts/list';
import { GuideSiteButton } from './GuideSiteButton';
import { ResponseTimeTable } from './ResponseTimeTable';
import { SupportChannels } from './SupportChannels';

const INCLUDE = ['account', 'where', 'when', 'steps', 'ids', 'evidence'] as const;

/** /support/docs: the customer support guide. */
export default function SupportDocsPage() {
  const { t } = useTranslation('support');
  return (
    <PageContainer>
      <Breadcrumbs current={t('docs.title')} />
      <PageTitle title={t('docs.title')} description={t('docs.description')} />
      <Stack gap={{ base: '12', md: '16' }}>
        <SupportChannels />
        <ResponseTimeTable />
        <Box as="section" aria-labelledby="docs-include-heading" maxW="4xl">
          <Heading as="h2" id="docs-include-heading" size={{ base: 'lg', md: 'xl' }} mb="2">
            {t('docs.includeHeading')}
          </Heading>
          <Text color="fg.muted" mb="4">
            {t('docs.includeIntro')}
          </Text>
          <List.Root as="ol" ps="5" gap="2" listStyleType="decimal" lineHeight="1.7" mb="5">
            {INCLUDE.map((id) => (
              <List.Item key={id}>{t(`docs.include.${id}`)}</List.Item>
            ))}
          </List.Root>
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t('docs.privacyNote')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        </Box>
        <Box
          as="section"
          aria-labelledby="docs-guide-heading"
          bg="brand.subtle"
          rounded="xl"
          p={{ base: '6', md: '10' }}
        >
          <Heading as="h2" id="docs-guide-heading" size={{ base: 'lg', md: 'xl' }} mb="2">
            {t('docs.guideCta.heading')}
          </Heading>
          <Text mb="5">{t('docs.guideCta.text')}</Text>
          <GuideSiteButton size="lg" />
        </Box>
      </Stack>
    </PageContainer>
  );
}
