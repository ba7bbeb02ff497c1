import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ImageLock } from '../../../../contract/apiImageLocks';

export type ReadOnlyReason =
  { type: 'role' } | { type: 'locked'; lock: ImageLock | null; canTakeOver: boolean; onTakeOver: () => void };

/**
 * Why the studio is read-only: the role cannot edit, or another worker holds the image (spec:
 * 'Another worker is already in progress', with who), with a take-over button once their lease
 * has expired.
 */
export function ReadOnlyNotice({ reason }: { reason: ReadOnlyReason }) {
  const { t } = useTranslation('studio');
  const lock = reason.type === 'locked' ? reason.lock : null;
  return (
    <HStack
      role="status"
      gap="3"
      px="3"
      py="1.5"
      bg="orange.50"
      color="orange.900"
      borderBottomWidth="1px"
      borderColor="orange.200"
      fontSize="sm"
      flexShrink={0}
      data-testid="studio-readonly"
      data-reason={reason.type}
    >
      <Text flex="1">
        {reason.type === 'role'
          ? t('readOnly.role')
          : lock
            ? t('readOnly.locked', { name: lock.holder.name })
            : t('readOnly.lockedUnknown')}
      </Text>
      {reason.type === 'locked' && reason.canTakeOver && (
        <Button size="xs" colorPalette="orange" onClick={reason.onTakeOver} data-testid="studio-takeover">
          {t('readOnly.takeOver')}
        </Button>
      )}
    </HStack>
  );
}
