import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../api/ApiRequestError';
import { Alert } from '../../theme/parts/alert';

/** A failed market load: what went wrong, translated, and a retry (the page keeps its filters). */
export function MarketLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['resources', 'errors']);
  return (
    <Stack gap="4" align="flex-start" py="6" data-testid="market-error">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('list.loadFailed')}</Alert.Title>
          <Alert.Description>{t(`errors:${errorCodeOf(error)}`)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button variant="outline" colorPalette="brand" onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </Stack>
  );
}
