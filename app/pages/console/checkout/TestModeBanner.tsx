import { useTranslation } from 'react-i18next';
import { Alert } from '../../../theme/parts/alert';

/** Every screen of the built-in test provider says so: nothing it shows moves money. */
export function TestModeBanner() {
  const { t } = useTranslation('checkout');
  return (
    <Alert.Root status="warning" role="note" data-testid="test-mode-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('testMode.title')}</Alert.Title>
        <Alert.Description>{t('testMode.body')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
