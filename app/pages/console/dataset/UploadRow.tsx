import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Progress } from '../../../theme/parts/progress';
import { formatBytes } from '../../../utils/formatBytes';
import type { UploadItem } from './UploadQueue';

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <Progress.Root value={Math.round(value * 100)} size="xs" colorPalette="brand" aria-label={label} flex="1">
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

export interface UploadRowActions {
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
  onDecide: (choice: 'skip' | 'keep') => void;
}

const STATE_COLOR: Partial<Record<UploadItem['state'], string>> = {
  failed: 'fg.error',
  ready: 'fg.success',
  duplicate: 'fg.warning',
};

/** 'set1/cat.jpg' for an image in a folder, else its name. */
export const pathOf = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/** One file of the upload: its state to the end (ready, or failed with the reason), and what can be done with it. */
export function UploadRow({ item, actions }: { item: UploadItem; actions: UploadRowActions }) {
  const { t } = useTranslation(['projects', 'errors']);
  const fraction = item.bytes === 0 ? 0 : item.loaded / item.bytes;
  const same = item.duplicateOf;
  const showBar = item.state === 'queued' || item.state === 'uploading' || item.state === 'processing';
  return (
    <Stack as="li" gap="1" py="2" borderBottomWidth="1px" data-testid="upload-row" data-state={item.state}>
      <HStack gap="3" wrap="wrap">
        <Text flex="1" minW="0" truncate fontSize="sm" title={item.name}>
          {item.name}
          {item.label ? ` → ${item.label}` : ''}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {formatBytes(item.bytes)}
        </Text>
        <Text
          fontSize="xs"
          fontWeight="600"
          color={STATE_COLOR[item.state] ?? 'fg.muted'}
          data-testid="upload-row-state"
        >
          {t(`projects:upload.states.${item.state}`)}
        </Text>
        {['checking', 'duplicate', 'queued', 'uploading'].includes(item.state) && (
          <Button size="xs" variant="ghost" onClick={actions.onCancel}>
            {t('projects:upload.cancel')}
          </Button>
        )}
        {item.state === 'failed' && (
          <>
            <Button size="xs" variant="outline" onClick={actions.onRetry}>
              {t('projects:upload.retry')}
            </Button>
            <Button size="xs" variant="ghost" onClick={actions.onDismiss}>
              {t('projects:upload.dismiss')}
            </Button>
          </>
        )}
      </HStack>
      {showBar && <ProgressBar value={item.state === 'processing' ? 1 : fraction} label={item.name} />}
      {same && (item.state === 'duplicate' || item.state === 'skipped') && (
        <HStack gap="2" wrap="wrap" data-testid="upload-duplicate">
          <Text fontSize="sm" color="fg.muted" flex="1" minW="0">
            {t(same.inUpload ? 'projects:upload.duplicate.sameInUpload' : 'projects:upload.duplicate.sameAs', {
              name: pathOf(same.folder, same.fileName),
            })}
          </Text>
          {item.state === 'duplicate' && (
            <>
              <Button size="xs" variant="outline" onClick={() => actions.onDecide('skip')}>
                {t('projects:upload.duplicate.skip')}
              </Button>
              <Button size="xs" variant="outline" onClick={() => actions.onDecide('keep')}>
                {t('projects:upload.duplicate.keep')}
              </Button>
            </>
          )}
        </HStack>
      )}
      {item.error && (
        <Text fontSize="sm" color="fg.error" data-testid="upload-error">
          {t(`errors:${item.error}`)}
        </Text>
      )}
    </Stack>
  );
}
