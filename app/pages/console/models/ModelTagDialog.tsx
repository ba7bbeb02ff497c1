import { Input, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../../../contract/apiModels';
import { MODEL_TAG_MAX } from '../../../../contract/validationConsole';
import { V } from '../../../../contract/validationMessages';
import { AppDialog } from '../../../components/Dialog';
import { Field } from '../../../theme/parts/field';

/** Rename a model's tag (optional, at most 20 characters: 'Exceeded 20 characters.'). */
export function ModelTagDialog({
  model,
  saving,
  onSave,
  onClose,
}: {
  model: Model | null;
  saving: boolean;
  onSave: (tag: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['models', 'validation']);
  const [tag, setTag] = useState('');
  useEffect(() => setTag(model?.tag ?? ''), [model]);
  const error = tag.trim().length > MODEL_TAG_MAX ? V.max20 : null;
  return (
    <AppDialog
      open={model !== null}
      title={t('rename.title')}
      onClose={() => onClose()}
      onConfirm={() => onSave(tag.trim() || null)}
      confirmText={t('rename.save')}
      confirmDisabled={!!error || saving}
      autoClose={false}
      enterConfirm
    >
      <Stack gap="2" data-testid="model-tag-dialog">
        <Field.Root invalid={!!error}>
          <Field.Label>{t('rename.label')}</Field.Label>
          <Input name="modelTag" value={tag} onChange={(e) => setTag(e.currentTarget.value)} autoFocus />
          {error ? (
            <Field.ErrorText data-testid="model-tag-error">{t(error)}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('rename.hint')}</Field.HelperText>
          )}
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
