import { Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MODEL_TAG_MAX } from '../../../../../contract/validationConsole';
import { Field } from '../../../../theme/parts/field';
import type { StepProps } from './stepProps';

/** Step 6: the optional model tag (at most 20 characters: 'Exceeded 20 characters.'). */
export function TagStep({ form, update, errors }: StepProps) {
  const { t } = useTranslation(['training', 'validation']);
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('tag.description')}</Text>
      <Field.Root invalid={!!errors.modelTag} maxW="sm">
        <Field.Label>{t('tag.label')}</Field.Label>
        <Input
          name="modelTag"
          value={form.modelTag}
          placeholder={t('tag.placeholder')}
          onChange={(e) => update({ modelTag: e.currentTarget.value })}
        />
        <Text fontSize="xs" color={form.modelTag.trim().length > MODEL_TAG_MAX ? 'fg.error' : 'fg.muted'}>
          {form.modelTag.trim().length} / {MODEL_TAG_MAX}
        </Text>
        {errors.modelTag && <Field.ErrorText data-testid="tag-error">{t(errors.modelTag)}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}
