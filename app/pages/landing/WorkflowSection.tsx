import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { href, INFO_TITLES } from '../../../contract/routes';
import { LinkCard } from '../info/LinkCard';
import { LandingSection } from './LandingSection';

/** The five steps (data → labelling → training → testing → deployment), each to its info page. */
export function WorkflowSection() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('common');
  return (
    <LandingSection id="workflow-title" title={t('workflow.title')} lead={t('workflow.lead')}>
      <SimpleGrid as="ol" listStyle="none" columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
        {INFO_TITLES.map((title, i) => (
          <LinkCard
            as="li"
            key={title}
            href={href.infoDetail(title)}
            icon={title}
            tag={`0${i + 1}`}
            title={tc(`nav.info.${title}`)}
            body={t(`workflow.${title}`)}
            more={t('workflow.more')}
          />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
