import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { href, INFO_TITLES } from '../../../contract/routes';
import { LinkCard } from './LinkCard';

/** The five info sub-pages as numbered cards (an ordered list). */
export function InfoStepCards() {
  const { t } = useTranslation('info');
  return (
    <SimpleGrid as="ol" listStyle="none" columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
      {INFO_TITLES.map((title, i) => (
        <LinkCard
          as="li"
          key={title}
          href={href.infoDetail(title)}
          icon={title}
          tag={t('detail.step', { n: i + 1 })}
          title={t(`pages.${title}.title`)}
          body={t(`overview.cards.${title}`)}
          more={t('overview.more')}
        />
      ))}
    </SimpleGrid>
  );
}
