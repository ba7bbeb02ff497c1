import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { href, SOLUTION_NAMES } from '../../../contract/routes';
import { LinkCard } from '../info/LinkCard';
import { LandingSection } from './LandingSection';

/** The three industrial solutions, each to its page. */
export function SolutionsSection() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('common');
  return (
    <LandingSection id="solutions-title" title={t('solutions.title')} lead={t('solutions.lead')}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {SOLUTION_NAMES.map((name) => (
          <LinkCard
            key={name}
            href={href.solutionDetail(name)}
            icon={name}
            title={tc(`nav.solutions.${name}`)}
            body={t(`solutions.${name}`)}
            more={t('workflow.more')}
          />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
