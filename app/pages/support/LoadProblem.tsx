import { Box, Button, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../api/ApiRequestError';
import { Alert } from '../../theme/parts/alert';

/** Shown while support content loads. */
export function Loading({ testId }: { testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Box
      display="flex"
      justifyContent="center"
      alignItems="center"
      py="16"
      role="status"
      aria-live="polite"
      data-testid={testId}
    >
      <Spinner size="lg" color="brand.600" />
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('loading')}
      </span>
    </Box>
  );
}

/** A failed load: the translated error and a retry button (nothing on the page is lost). */
export function LoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation(['support', 'errors']);
  return (
    <Stack gap="4" align="flex-start" py="6" data-testid={testId}>
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('load.failed')}</Alert.Title>
          <Alert.Description>{t(`errors:${errorCodeOf(error)}`)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button variant="outline" colorPalette="brand" onClick={onRetry}>
        {t('load.retry')}
      </Button>
    </Stack>
  );
}
