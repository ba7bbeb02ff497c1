import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { ContentSection } from './ContentSection';
import { CtaBand } from './CtaBand';
import { FeatureGrid } from './FeatureGrid';
import { InfoStepCards } from './InfoStepCards';
import { textItems } from './textItems';

/** /info — the platform overview: the five steps, the working principles, a way to the solutions. */
export default function InfoPage() {
  const { t } = useTranslation('info');
  return (
    <PageContainer data-testid="info-overview">
      <Breadcrumbs />
      <PageTitle title={t('overview.title')} description={t('overview.description')} mb="0" />
      <ContentSection title={t('overview.stepsTitle')} lead={t('overview.stepsLead')}>
        <InfoStepCards />
      </ContentSection>
      <ContentSection title={t('overview.principlesTitle')}>
        <FeatureGrid items={textItems(t, 'overview.principles')} />
      </ContentSection>
      <CtaBand
        title={t('overview.ctaTitle')}
        body={t('overview.ctaBody')}
        actions={[{ href: paths.solution, label: t('overview.ctaLink') }]}
      />
    </PageContainer>
  );
}
