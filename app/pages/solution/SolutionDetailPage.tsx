import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { href, INFO_TITLES, paths, SOLUTION_NAMES, type SolutionName } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { NotFoundPage } from '../../errors/ErrorPage';
import { ContentSection } from '../info/ContentSection';
import { CtaBand } from '../info/CtaBand';
import { FeatureGrid } from '../info/FeatureGrid';
import { StepList } from '../info/StepList';
import { textItems } from '../info/textItems';
import { OutcomeStats, type Outcome } from './OutcomeStats';
import { SolutionCards } from './SolutionCards';
import { LeadSection } from '../info/LeadSection';

function isSolutionName(value: string | undefined): value is SolutionName {
  return (SOLUTION_NAMES as readonly string[]).includes(value ?? '');
}

/** /solution/:name — problem, approach, data, expected outcomes, rollout steps, other solutions. */
export default function SolutionDetailPage() {
  const { name } = useParams<{ name: string }>();
  const { t } = useTranslation('solution');
  const { t: tc } = useTranslation('common');
  if (!isSolutionName(name)) return <NotFoundPage />;

  const item = (key: string) => `items.${name}.${key}`;
  const outcomes: Outcome[] = Object.entries(
    t(item('outcomes'), { returnObjects: true }) as Record<string, Omit<Outcome, 'key'>>,
  ).map(([key, o]) => ({ key, ...o }));
  // The rollout follows the platform's five steps; each links to its info page.
  const workflow = INFO_TITLES.map((step) => ({
    key: step,
    title: t(item(`workflow.${step}.title`)),
    body: t(item(`workflow.${step}.body`)),
    link: { href: href.infoDetail(step), label: t('detail.stepLink', { step: tc(`nav.info.${step}`) }) },
  }));

  return (
    <PageContainer data-testid={`solution-${name}`}>
      <Breadcrumbs />
      <PageTitle title={t(item('title'))} description={t(item('description'))} mb="0" />

      <LeadSection title={t('detail.problemTitle')} text={t(item('problem'))} icon={name} />

      <ContentSection title={t('detail.solveTitle')}>
        <FeatureGrid items={textItems(t, item('solve'))} columns={2} />
      </ContentSection>

      <ContentSection title={t('detail.dataTitle')}>
        <FeatureGrid items={textItems(t, item('data'))} columns={4} />
      </ContentSection>

      <ContentSection title={t('detail.outcomesTitle')}>
        <OutcomeStats items={outcomes} note={t('detail.outcomesNote')} />
      </ContentSection>

      <ContentSection title={t('detail.workflowTitle')}>
        <StepList items={workflow} />
      </ContentSection>

      <ContentSection title={t('detail.othersTitle')}>
        <SolutionCards exclude={name} />
      </ContentSection>

      <CtaBand
        title={t('detail.ctaTitle')}
        body={t('detail.ctaBody')}
        actions={[
          { href: paths.login, label: t('detail.ctaStart') },
          { href: paths.pricing, label: t('detail.ctaPricing') },
        ]}
      />
    </PageContainer>
  );
}
