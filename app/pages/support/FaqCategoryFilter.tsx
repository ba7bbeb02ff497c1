import { Badge, Button, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FAQ_CATEGORIES, type FaqCategory } from './faqData';

export type FaqFilter = FaqCategory | 'all';

/** Category chips of the FAQ: toggle buttons, the chosen one pressed; counts once the entries are in. */
export function FaqCategoryFilter({
  value,
  onChange,
  counts,
}: {
  value: FaqFilter;
  onChange: (filter: FaqFilter) => void;
  counts: Record<FaqCategory, number> | null;
}) {
  const { t } = useTranslation('support');
  const total = counts ? FAQ_CATEGORIES.reduce((sum, id) => sum + counts[id], 0) : null;
  const options: Array<{ id: FaqFilter; label: string; count: number | null }> = [
    { id: 'all', label: t('faq.all'), count: total },
    ...FAQ_CATEGORIES.map((id) => ({ id, label: t(`faq.categories.${id}`), count: counts ? counts[id] : null })),
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
            {option.count !== null && (
              <Badge
                size="sm"
                variant={active ? 'solid' : 'subtle'}
                colorPalette={active ? 'gray' : 'brand'}
                aria-hidden="true"
              >
                {option.count}
              </Badge>
            )}
          </Button>
        );
      })}
    </Wrap>
  );
}
