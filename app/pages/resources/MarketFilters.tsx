import { Box, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { Field } from '../../theme/parts/field';
import { NativeSelect } from '../../theme/parts/nativeSelect';
import { FILTER_NAMES, MARKET_FILTERS, readMarketFilters, withMarketFilter } from './marketFilters';

const OPTION_KEYS = { field: 'fields', sort: 'sorts', price: 'prices' } as const;

/** The filter bar of a market list: field of use, sort order, free or paid. */
export function MarketFilters() {
  const { t } = useTranslation('resources');
  const [params, setParams] = useSearchParams();
  const filters = readMarketFilters(params);
  return (
    <Box
      as="form"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(e) => e.preventDefault()}
      data-testid="market-filters"
    >
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" maxW={{ sm: '2xl' }}>
        {FILTER_NAMES.map((name) => (
          <Field.Root key={name}>
            <Field.Label>{t(`filters.${name}`)}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name={name}
                value={filters[name]}
                onChange={(e) => setParams(withMarketFilter(params, name, e.currentTarget.value), { replace: true })}
              >
                {MARKET_FILTERS[name].map((option) => (
                  <option key={option} value={option}>
                    {t(`filters.${OPTION_KEYS[name]}.${option}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}
