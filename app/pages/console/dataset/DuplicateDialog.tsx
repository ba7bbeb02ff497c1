import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/Dialog';
import { Checkbox } from '../../../theme/parts/checkbox';
import { AuthedThumbnail } from './AuthedThumbnail';
import type { UploadItem } from './UploadQueue';
import { pathOf } from './UploadRow';

/**
 * Asks, before a file is sent, what to do with a file whose bytes the project already holds (or
 * another file of the same upload has): skip it or keep a second copy, for this file or for every
 * duplicate of the upload. Closing without an answer leaves the files waiting; their rows offer
 * the same two buttons.
 */
export function DuplicateDialog({
  item,
  others,
  onDecide,
  onClose,
}: {
  /** The duplicate asked about; null: the dialog is closed. */
  item: UploadItem | null;
  /** Further duplicates waiting, or files of the upload still being checked. */
  others: number;
  onDecide: (item: UploadItem, choice: 'skip' | 'keep', forAll: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['projects']);
  const [forAll, setForAll] = useState(false);
  const same = item?.duplicateOf ?? null;
  const decide = (choice: 'skip' | 'keep') => {
    if (item) onDecide(item, choice, forAll && others > 0);
  };
  return (
    <AppDialog open={item !== null} title={t('projects:upload.duplicate.title')} onClose={onClose} cancelText={null}>
      {item && same && (
        <Stack gap="4" data-testid="duplicate-dialog">
          <HStack gap="4" align="start">
            {same.thumbnailUrl && <AuthedThumbnail url={same.thumbnailUrl} alt={same.fileName} size={72} />}
            <Stack gap="1" minW="0">
              <Text fontWeight="600" truncate title={item.name} data-testid="duplicate-file">
                {item.name}
              </Text>
              <Text fontSize="sm" data-testid="duplicate-existing">
                {t(same.inUpload ? 'projects:upload.duplicate.sameInUpload' : 'projects:upload.duplicate.sameAs', {
                  name: pathOf(same.folder, same.fileName),
                })}
              </Text>
            </Stack>
          </HStack>
          {others > 0 && (
            <Checkbox.Root checked={forAll} onCheckedChange={(e) => setForAll(e.checked === true)}>
              <Checkbox.HiddenInput data-testid="duplicate-all" />
              <Checkbox.Control />
              <Checkbox.Label>{t('projects:upload.duplicate.forAll')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          <HStack gap="2" justify="end">
            <Button variant="outline" onClick={() => decide('skip')} data-testid="duplicate-skip">
              {t('projects:upload.duplicate.skip')}
            </Button>
            <Button colorPalette="brand" onClick={() => decide('keep')} data-testid="duplicate-keep">
              {t('projects:upload.duplicate.keep')}
            </Button>
          </HStack>
        </Stack>
      )}
    </AppDialog>
  );
}
