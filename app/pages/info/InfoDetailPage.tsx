import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { href, INFO_TITLES, type InfoTitle } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { NotFoundPage } from '../../errors/ErrorPage';
import { ContentSection } from './ContentSection';
import { FeatureGrid } from './FeatureGrid';
import { InfoStepNav } from './InfoStepNav';
import { LinkCard } from './LinkCard';
import { StepList } from './StepList';
import { textItems } from './textItems';
import { LeadSection } from './LeadSection';

function isInfoTitle(value: string | undefined): value is InfoTitle {
  return (INFO_TITLES as readonly string[]).includes(value ?? '');
}

/** /info/:title — one of the five steps: what it does, features, how it works, next step. */
export default function InfoDetailPage() {
  const { title } = useParams<{ title: string }>();
  const { t } = useTranslation('info');
  if (!isInfoTitle(title)) return <NotFoundPage />;

  const index = INFO_TITLES.indexOf(title);
  const last = index === INFO_TITLES.length - 1;
  const next = INFO_TITLES[last ? 0 : index + 1] ?? 'dataset';
  const page = (key: string) => `pages.${title}.${key}`;

  return (
    <PageContainer data-testid={`info-${title}`}>
      <Breadcrumbs />
      <InfoStepNav current={title} />
      <Badge colorPalette="brand" variant="subtle" size="lg" mb="3">
        {t('detail.step', { n: index + 1 })}
      </Badge>
      <PageTitle title={t(page('title'))} description={t(page('description'))} mb="0" />

      <LeadSection title={t('detail.aboutTitle')} text={t(page('about'))} icon={title} />

      <ContentSection title={t('detail.featuresTitle')}>
        <FeatureGrid items={textItems(t, page('features'))} />
      </ContentSection>

      <ContentSection title={t('detail.howTitle')}>
        <StepList items={textItems(t, page('steps'))} />
      </ContentSection>

      <ContentSection title={t(last ? 'detail.restartTitle' : 'detail.nextTitle')} maxW="xl">
        <LinkCard
          href={href.infoDetail(next)}
          icon={next}
          tag={t('detail.step', { n: INFO_TITLES.indexOf(next) + 1 })}
          title={t(`pages.${next}.title`)}
          body={t(page('next'))}
          more={t('overview.more')}
        />
      </ContentSection>
    </PageContainer>
  );
}
