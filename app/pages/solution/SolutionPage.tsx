import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { ContentSection } from '../info/ContentSection';
import { CtaBand } from '../info/CtaBand';
import { FeatureGrid } from '../info/FeatureGrid';
import { textItems } from '../info/textItems';
import { SolutionCards } from './SolutionCards';

/** /solution — the three industrial solutions and how a rollout goes. */
export default function SolutionPage() {
  const { t } = useTranslation('solution');
  return (
    <PageContainer data-testid="solution-overview">
      <Breadcrumbs />
      <PageTitle title={t('overview.title')} description={t('overview.description')} mb="0" />
      <ContentSection title={t('overview.listTitle')} lead={t('overview.listLead')}>
        <SolutionCards />
      </ContentSection>
      <ContentSection title={t('overview.approachTitle')}>
        <FeatureGrid items={textItems(t, 'overview.approach')} />
      </ContentSection>
      <CtaBand
        title={t('overview.ctaTitle')}
        body={t('overview.ctaBody')}
        actions={[
          { href: paths.info, label: t('overview.ctaInfo') },
          { href: paths.pricing, label: t('overview.ctaPricing') },
        ]}
      />
    </PageContainer>
  );
}
