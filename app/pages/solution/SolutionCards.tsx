import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { href, SOLUTION_NAMES, type SolutionName } from '../../../contract/routes';
import { LinkCard } from '../info/LinkCard';

/** The solution pages as linked cards, optionally leaving one out (the current page). */
export function SolutionCards({ exclude }: { exclude?: SolutionName }) {
  const { t } = useTranslation('solution');
  const names = SOLUTION_NAMES.filter((name) => name !== exclude);
  return (
    <SimpleGrid columns={{ base: 1, md: names.length }} gap="4">
      {names.map((name) => (
        <LinkCard
          key={name}
          href={href.solutionDetail(name)}
          icon={name}
          title={t(`items.${name}.title`)}
          body={t(`items.${name}.card`)}
          more={t('overview.more')}
        />
      ))}
    </SimpleGrid>
  );
}
