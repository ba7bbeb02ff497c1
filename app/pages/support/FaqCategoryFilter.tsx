import { Badge, Button, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FAQ_CATEGORIES, FAQ_IDS_BY_CATEGORY, FAQ_INDEX, type FaqCategory } from './faqData';

export type FaqFilter = FaqCategory | 'all';

/** Category chips of the FAQ: toggle buttons, the chosen one pressed. */
export function FaqCategoryFilter({ value, onChange }: { value: FaqFilter; onChange: (filter: FaqFilter) => void }) {
  const { t } = useTranslation('support');
  const options: Array<{ id: FaqFilter; label: string; count: number }> = [
    { id: 'all', label: t('faq.all'), count: FAQ_INDEX.length },
    ...FAQ_CATEGORIES.map((id) => ({ id, label: t(`faq.categories.${id}`), count: FAQ_IDS_BY_CATEGORY[id].length })),
  ];
  return (
    <Wrap role="group" aria-label={t('faq.filterLabel')} gap="2" mb="8" data-testid="faq-filter">
      {options.map((option) => {
        const active = option.id === value;
        return (
          <Button
            key={option.id}
            size="sm"
            rounded="full"
            colorPalette="brand"
            variant={active ? 'solid' : 'outline'}
            aria-pressed={active}
            onClick={() => onChange(option.id)}
          >
            {option.label}
            <Badge size="sm" variant={active ? 'solid' : 'subtle'} colorPalette={active ? 'gray' : 'brand'} aria-hidden="true">{option.count}</Badge>
          </Button>
        );
      })}
    </Wrap>
  );
}
