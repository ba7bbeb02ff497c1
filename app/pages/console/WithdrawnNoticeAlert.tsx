import { CloseButton, Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../theme/parts/alert';

/** 'Your account has been deleted…', over the top of the public page (WithdrawnNotice). */
export default function WithdrawnNoticeAlert({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('withdraw');
  return (
    <Container maxW="4xl" position="fixed" top="20" insetX="0" zIndex="overlay" px="4">
      <Alert.Root status="success" role="status" boxShadow="lg" data-testid="withdrawn-notice">
        <Alert.Indicator />
        <Alert.Title flex="1">{t('done')}</Alert.Title>
        <CloseButton size="sm" aria-label={t('close')} onClick={onClose} />
      </Alert.Root>
    </Container>
  );
}
