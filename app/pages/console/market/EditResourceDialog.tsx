import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource, ResourceVisibility } from '../../../../contract/apiMarket';
import { resourceDescriptionSchema } from '../../../../contract/validationConsole';
import { V } from '../../../../contract/validationMessages';
import { AppDialog } from '../../../components/Dialog';
import { parsePrice } from './resourceDraft';
import { DescriptionField, PriceField, VisibilityField } from './ResourceFormFields';
import { useResourceUpdate } from './useResourceUpdate';

/** Changes what a seller may change after posting: description, price and visibility. */
export function EditResourceDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const { t } = useTranslation('market');
  // Seeded once per opening (the page mounts it afresh): a refetch must not overwrite typing.
  const [description, setDescription] = useState(resource.description);
  const [price, setPrice] = useState(String(resource.price));
  const [visibility, setVisibility] = useState<ResourceVisibility>(resource.visibility);
  const save = useResourceUpdate(() => onClose());
  const descriptionCheck = resourceDescriptionSchema.safeParse(description);
  const descriptionError = descriptionCheck.success ? undefined : descriptionCheck.error.issues[0]?.message;
  const priceError = !price.trim() ? V.required : parsePrice(price) === null ? V.numeric : undefined;
  return (
    <AppDialog
      open
      title={t('item.editTitle')}
      onClose={onClose}
      onConfirm={() =>
        save.mutate({ id: resource.id, body: { description, price: parsePrice(price) ?? 0, visibility } })
      }
      confirmText={t('item.save')}
      confirmDisabled={!!descriptionError || !!priceError || save.isPending}
      autoClose={false}
      mobileFull
    >
      <Stack gap="4" data-testid="resource-edit">
        <DescriptionField value={description} error={descriptionError} onChange={setDescription} />
        <PriceField value={price} error={priceError} onChange={setPrice} />
        <VisibilityField value={visibility} onChange={setVisibility} />
      </Stack>
    </AppDialog>
  );
}
