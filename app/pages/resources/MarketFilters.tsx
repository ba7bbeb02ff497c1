import { Box, Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MARKET_SORTS,
  RESOURCE_FIELDS,
  RESOURCE_PRICE_MAX,
  type MarketSort,
  type ResourceKind,
} from '../../../contract/apiMarket';
import { Field } from '../../theme/parts/field';
import { NativeSelect } from '../../theme/parts/nativeSelect';
import { Checkbox } from '../../theme/parts/checkbox';
import { activeFilterCount, FORMATS_BY_KIND, withMarketState, type MarketListState } from './marketQuery';

export interface MarketControlsProps {
  kind: ResourceKind;
  state: MarketListState;
  onChange: (next: MarketListState) => void;
}

/** The search box and the sort order above a list. */
export function MarketSearchBar({ state, onChange }: Omit<MarketControlsProps, 'kind'>) {
  const { t } = useTranslation('resources');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const q = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
    onChange(withMarketState(state, { q }));
  };
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
      <chakra.form
        role="search"
        aria-label={t('filters.search')}
        onSubmit={submit}
        flex="1"
        data-testid="market-search"
      >
        <HStack gap="2">
          <Input
            key={state.q}
            name="q"
            type="search"
            aria-label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            defaultValue={state.q}
            maxLength={50}
          />
          <Button type="submit" colorPalette="brand" flexShrink={0}>
            {t('filters.submit')}
          </Button>
        </HStack>
      </chakra.form>
      <Field.Root w={{ base: 'full', md: '56' }}>
        <Field.Label srOnly>{t('filters.sort')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label={t('filters.sort')}
            value={state.sort}
            onChange={(e) => onChange(withMarketState(state, { sort: e.currentTarget.value as MarketSort }))}
            data-testid="market-sort"
          >
            {MARKET_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`filters.sorts.${sort}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Stack>
  );
}

function parsePrice(text: string): number | null | 'bad' {
  const trimmed = text.trim().replace(/,/g, '');
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return 'bad';
  const value = Number(trimmed);
  return value <= RESOURCE_PRICE_MAX ? value : 'bad';
}

function PriceRange({ state, onChange }: Omit<MarketControlsProps, 'kind'>) {
  const { t } = useTranslation('resources');
  const [min, setMin] = useState(state.priceMin?.toString() ?? '');
  const [max, setMax] = useState(state.priceMax?.toString() ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const priceMin = parsePrice(min);
    const priceMax = parsePrice(max);
    if (priceMin === 'bad' || priceMax === 'bad' || (priceMin !== null && priceMax !== null && priceMin > priceMax)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onChange(withMarketState(state, { priceMin, priceMax }));
  };
  return (
    <chakra.form onSubmit={submit} noValidate data-testid="market-price">
      <chakra.fieldset disabled={state.free} display="flex" flexDirection="column">
        <chakra.legend fontSize="sm" fontWeight="600">
          {t('filters.price')}
        </chakra.legend>
        <HStack gap="2" mt="2">
          <Input
            size="sm"
            inputMode="numeric"
            aria-label={t('filters.priceMin')}
            placeholder={t('filters.priceMinShort')}
            value={min}
            onChange={(e) => setMin(e.currentTarget.value)}
            aria-invalid={invalid || undefined}
          />
          <Text aria-hidden="true">~</Text>
          <Input
            size="sm"
            inputMode="numeric"
            aria-label={t('filters.priceMax')}
            placeholder={t('filters.priceMaxShort')}
            value={max}
            onChange={(e) => setMax(e.currentTarget.value)}
            aria-invalid={invalid || undefined}
          />
        </HStack>
        {invalid && (
          <Text role="alert" fontSize="xs" color="fg.error" mt="1" data-testid="market-price-error">
            {t('filters.priceInvalid')}
          </Text>
        )}
        <Button type="submit" size="sm" variant="outline" mt="2" alignSelf="flex-start">
          {t('filters.priceApply')}
        </Button>
      </chakra.fieldset>
    </chakra.form>
  );
}

/** The filters of a list: fields of use, format, price range and free only, with a reset. */
export function MarketFilterPanel({ kind, state, onChange }: MarketControlsProps) {
  const { t } = useTranslation('resources');
  const toggleField = (field: (typeof RESOURCE_FIELDS)[number], on: boolean) =>
    onChange(
      withMarketState(state, {
        fields: RESOURCE_FIELDS.filter((f) => (f === field ? on : state.fields.includes(f))),
      }),
    );
  return (
    <Stack gap="6" aria-label={t('filters.label')} role="group" data-testid="market-filters">
      <chakra.fieldset>
        <chakra.legend fontSize="sm" fontWeight="600">
          {t('filters.field')}
        </chakra.legend>
        <Stack gap="2" mt="2">
          {RESOURCE_FIELDS.map((field) => (
            <Checkbox.Root
              key={field}
              size="sm"
              colorPalette="brand"
              checked={state.fields.includes(field)}
              onCheckedChange={(e) => toggleField(field, e.checked === true)}
            >
              <Checkbox.HiddenInput name="fields" value={field} />
              <Checkbox.Control />
              <Checkbox.Label>{t(`filters.fields.${field}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </chakra.fieldset>
      <Field.Root>
        <Field.Label fontSize="sm">{t('filters.format')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={state.format ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(withMarketState(state, { format: FORMATS_BY_KIND[kind].find((f) => f === value) ?? null }));
            }}
            data-testid="market-format"
          >
            <option value="">{t('filters.anyFormat')}</option>
            {FORMATS_BY_KIND[kind].map((format) => (
              <option key={format} value={format}>
                {t(`filters.formats.${format}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Checkbox.Root
        size="sm"
        colorPalette="brand"
        checked={state.free}
        onCheckedChange={(e) => onChange(withMarketState(state, { free: e.checked === true }))}
      >
        <Checkbox.HiddenInput name="free" />
        <Checkbox.Control />
        <Checkbox.Label>{t('filters.free')}</Checkbox.Label>
      </Checkbox.Root>
      <PriceRange key={`${state.priceMin}-${state.priceMax}`} state={state} onChange={onChange} />
      {activeFilterCount(state) > 0 && (
        <Box>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="gray"
            onClick={() =>
              onChange(
                withMarketState(state, {
                  q: '',
                  fields: [],
                  format: null,
                  priceMin: null,
                  priceMax: null,
                  free: false,
                }),
              )
            }
            data-testid="market-reset"
          >
            {t('filters.reset')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
