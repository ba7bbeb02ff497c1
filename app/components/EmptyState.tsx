import { Box, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps extends Omit<StackProps, 'title'> {
  /** Message; defaults to '데이터가 없습니다.' / 'No data'. */
  message?: ReactNode;
  /** A second, quieter line (what to do next). */
  hint?: ReactNode;
  /** An action (button or link) offered below the message. */
  action?: ReactNode;
}

/** Shown where a list or area has nothing in it. */
export function EmptyState({ message, hint, action, ...stack }: EmptyStateProps) {
  const { t } = useTranslation('ui');
  return (
    <Stack
      align="center"
      textAlign="center"
      gap="3"
      py="14"
      px="6"
      color="fg.muted"
      data-testid="empty-state"
      {...stack}
    >
      <Box aria-hidden="true" color="gray.400">
        <svg width="48" height="48" viewBox="0 0 48 48" fill="none">
          <rect x="8" y="12" width="32" height="26" rx="4" stroke="currentColor" strokeWidth="2" />
          <path d="M8 20h32M16 12l3-5h10l3 5" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </Box>
      <Text fontWeight="600" color="fg">
        {message ?? t('empty.noData')}
      </Text>
      {hint && <Text fontSize="sm">{hint}</Text>}
      {action}
    </Stack>
  );
}
