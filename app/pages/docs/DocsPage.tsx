import { Box, Button, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { docSections } from './docSections';
import { DocsSection } from './DocsSection';
import { DocsToc } from './DocsToc';

/** The guide opens in a new tab, often at an anchor: scroll to it once the text is rendered. */
function useInitialHashScroll() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}

/** /docs: the product guide, with a table of contents of anchor links. */
export default function DocsPage() {
  const { t } = useTranslation('docs');
  useInitialHashScroll();
  return (
    <PageContainer>
      <PageTitle title={t('title')} description={t('description')} />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '15rem minmax(0, 1fr)' }}
        gap={{ base: '8', lg: '12' }}
        alignItems="start"
      >
        <DocsToc />
        <Stack gap="10" maxW="3xl" data-testid="docs-content">
          {docSections.map((section) => (
            <DocsSection key={section.id} section={section} />
          ))}
          <Box as="section" aria-labelledby="docs-help-title" bg="bg.subtle" rounded="xl" p={{ base: '5', md: '8' }}>
            <Heading as="h2" id="docs-help-title" size="lg">
              {t('help.title')}
            </Heading>
            <Text mt="2" color="fg.muted">
              {t('help.body')}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="5">
              <Button asChild colorPalette="brand">
                <Link href={paths.supportFaq}>{t('help.faq')}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={paths.support}>{t('help.support')}</Link>
              </Button>
            </Stack>
          </Box>
        </Stack>
      </Grid>
    </PageContainer>
  );
}
