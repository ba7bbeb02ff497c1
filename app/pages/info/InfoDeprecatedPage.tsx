import { Button } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Alert } from '../../theme/parts/alert';
import { ContentSection } from './ContentSection';
import { InfoStepCards } from './InfoStepCards';

/** /info/index_deprecated — the old info page, kept for old links: a notice and a short overview. */
export default function InfoDeprecatedPage() {
  const { t } = useTranslation('info');
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <PageContainer data-testid="info-deprecated">
      <Breadcrumbs />
      <PageTitle title={t('deprecated.title')} description={t('deprecated.description')} />
      <Alert.Root
        status="info"
        colorPalette="brand"
        rounded="xl"
        alignItems={{ base: 'flex-start', md: 'center' }}
        flexDirection={{ base: 'column', md: 'row' }}
        gap="4"
      >
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title fontWeight="700">{t('deprecated.noticeTitle')}</Alert.Title>
          <Alert.Description>{t('deprecated.noticeBody')}</Alert.Description>
        </Alert.Content>
        <Button asChild colorPalette="brand" flexShrink="0">
          <Link href={paths.info}>{t('deprecated.goNew')}</Link>
        </Button>
      </Alert.Root>
      <ContentSection title={t('deprecated.stepsTitle')}>
        <InfoStepCards />
      </ContentSection>
    </PageContainer>
  );
}
