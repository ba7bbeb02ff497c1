import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from './syncTypes';

const DOT: Record<SyncStatus['state'], string> = {
  loading: 'gray.400',
  saved: 'green.500',
  saving: 'blue.500',
  offline: 'orange.500',
  conflict: 'red.500',
  error: 'red.500',
};

export interface SaveIndicatorProps {
  status: SyncStatus;
  /** Opens the conflict dialog; its button shows while there is a conflict or a refused edit. */
  onReview?: () => void;
}

/** The save state: saved / saving / offline with the unsynced count / conflict (RELIABILITY 17). */
export function SaveIndicator({ status, onReview }: SaveIndicatorProps) {
  const { t } = useTranslation('studioSync');
  const { state, unsynced, storageWarning } = status;
  const text =
    state === 'saving' || state === 'offline' ? t(`status.${state}`, { count: unsynced }) : t(`status.${state}`);
  return (
    <HStack
      gap="2"
      role="status"
      aria-live="polite"
      aria-label={t('status.label')}
      data-testid="save-indicator"
      data-state={state}
      data-unsynced={unsynced}
      minW="0"
    >
      <Box w="2" h="2" borderRadius="full" bg={DOT[state]} flexShrink={0} aria-hidden />
      <Text textStyle="sm" truncate>
        {text}
      </Text>
      {storageWarning && (
        <Text
          textStyle="xs"
          color="orange.fg"
          data-testid="storage-warning"
          title={t('status.storageWarning')}
          truncate
        >
          {t('status.storageWarning')}
        </Text>
      )}
      {(state === 'conflict' || state === 'error') && onReview && (
        <Button size="xs" variant="outline" onClick={onReview}>
          {t('status.review')}
        </Button>
      )}
    </HStack>
  );
}
