import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../i18n/usePageTitle';
import { ClosingSections } from './ClosingSections';
import { DifferentiatorsSection } from './DifferentiatorsSection';
import { HeroSection } from './HeroSection';
import { SolutionsSection } from './SolutionsSection';
import { WorkflowSection } from './WorkflowSection';

/** The landing page: hero under the transparent header, workflow, strengths, solutions, market, CTA. */
export default function LandingPage() {
  const { t } = useTranslation('landing');
  usePageTitle(t('pageTitle'));
  return (
    <>
      <HeroSection />
      <WorkflowSection />
      <DifferentiatorsSection />
      <SolutionsSection />
      <ClosingSections />
    </>
  );
}
