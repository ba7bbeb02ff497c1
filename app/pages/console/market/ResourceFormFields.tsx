import { HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  DATASET_FORMATS,
  RESOURCE_FIELDS,
  type ResourceField,
  type ResourceFormat,
  type ResourceVisibility,
} from '../../../../contract/apiMarket';
import { RESOURCE_DESCRIPTION_MAX } from '../../../../contract/validationConsole';
import { Checkbox } from '../../../theme/parts/checkbox';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { Switch } from '../../../theme/parts/switch';
import { usePrice } from './marketFormat';
import { parsePrice } from './resourceDraft';

/** The fields the post form and the edit dialog share; errors are validation keys. */

export function DescriptionField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation(['market', 'validation']);
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{t('form.description')}</Field.Label>
      <Textarea
        name="description"
        rows={3}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid="resource-description"
      />
      {error ? (
        <Field.ErrorText data-testid="resource-description-error">{t(error)}</Field.ErrorText>
      ) : (
        <Field.HelperText>
          {t('form.descriptionCount', { count: value.length, max: RESOURCE_DESCRIPTION_MAX })}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}

export function PriceField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation(['market', 'validation']);
  const shown = usePrice();
  const price = parsePrice(value);
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>
        {t('form.price')}
        <Field.RequiredIndicator />
      </Field.Label>
      <HStack gap="3">
        <Input
          name="price"
          inputMode="numeric"
          maxW="48"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          data-testid="resource-price"
        />
        {price !== null && (
          <Text fontWeight="600" data-testid="resource-price-shown">
            {shown(price)}
          </Text>
        )}
      </HStack>
      {error ? (
        <Field.ErrorText data-testid="resource-price-error">{t(error)}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t('form.priceHint')}</Field.HelperText>
      )}
    </Field.Root>
  );
}

export function VisibilityField({
  value,
  onChange,
}: {
  value: ResourceVisibility;
  onChange: (value: ResourceVisibility) => void;
}) {
  const { t } = useTranslation('market');
  return (
    <Stack gap="1">
      <Switch.Root
        checked={value === 'public'}
        onCheckedChange={(e) => onChange(e.checked ? 'public' : 'private')}
        colorPalette="brand"
        data-testid="resource-public"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('form.public')}</Switch.Label>
      </Switch.Root>
      <Text fontSize="xs" color="fg.muted">
        {t(value === 'public' ? 'form.publicHint' : 'form.privateHint')}
      </Text>
    </Stack>
  );
}

export function FormatField({
  kind,
  value,
  error,
  onChange,
}: {
  kind: 'dataset' | 'model';
  value: ResourceFormat;
  error: string | undefined;
  onChange: (value: ResourceFormat) => void;
}) {
  const { t } = useTranslation(['market', 'validation']);
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>
        {t('form.format')}
        <Field.RequiredIndicator />
      </Field.Label>
      {kind === 'model' ? (
        <Text data-testid="resource-format-fixed">
          {t('formats.tfjs')}{' '}
          <Text as="span" fontSize="xs" color="fg.muted">
            {t('form.formatFixed')}
          </Text>
        </Text>
      ) : (
        <NativeSelect.Root maxW="48">
          <NativeSelect.Field
            name="format"
            value={value}
            onChange={(e) => onChange(e.currentTarget.value as ResourceFormat)}
            data-testid="resource-format"
          >
            {DATASET_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`formats.${f}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
}

export function FieldsOfUse({
  value,
  error,
  onChange,
}: {
  value: ResourceField[];
  error: string | undefined;
  onChange: (value: ResourceField[]) => void;
}) {
  const { t } = useTranslation(['market', 'validation']);
  return (
    <Field.Root required invalid={!!error} as="fieldset">
      <Field.Label as="legend">
        {t('form.fieldsOfUse')}
        <Field.RequiredIndicator />
      </Field.Label>
      <HStack gap="5" wrap="wrap">
        {RESOURCE_FIELDS.map((field) => (
          <Checkbox.Root
            key={field}
            checked={value.includes(field)}
            onCheckedChange={(e) => onChange(e.checked === true ? [...value, field] : value.filter((f) => f !== field))}
            colorPalette="brand"
            data-testid={`resource-field-${field}`}
          >
            <Checkbox.HiddenInput name="fields" value={field} />
            <Checkbox.Control />
            <Checkbox.Label>{t(`fields.${field}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      {error && <Field.ErrorText data-testid="resource-fields-error">{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
}
