import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../toaster';

/** A one-line secret or command in a monospace box with a copy button (the whole text is selectable too). */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('deploy');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toaster.create({ type: 'success', title: t('copy.done') });
    } catch {
      toaster.create({ type: 'error', title: t('copy.failed') });
    }
  };
  return (
    <Box>
      <HStack justify="space-between" mb="1">
        <Text fontSize="sm" fontWeight="600">
          {label}
        </Text>
        <Button size="xs" variant="outline" onClick={() => void copy()} data-testid={`${testId}-copy`}>
          {t('copy.button')}
        </Button>
      </HStack>
      <Box
        as="pre"
        fontFamily="mono"
        fontSize="xs"
        bg="bg.muted"
        p="3"
        rounded="md"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        userSelect="all"
        data-testid={testId}
      >
        {value}
      </Box>
    </Box>
  );
}
