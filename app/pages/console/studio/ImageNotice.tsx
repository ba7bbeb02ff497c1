import { Box, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ImageItem } from '../../../../contract/apiProjects';
import { Alert } from '../../../theme/parts/alert';

/** What shows instead of the canvas while the image is processing, or after it failed. */
export function ImageNotice({ image }: { image: ImageItem }) {
  const { t } = useTranslation('studio');
  if (image.state === 'processing')
    return (
      <Box
        role="status"
        data-testid="viewer-processing"
        display="flex"
        alignItems="center"
        justifyContent="center"
        gap="3"
        position="absolute"
        inset="0"
        bg="bg.muted"
      >
        <Spinner size="sm" />
        <Text>{t('processing')}</Text>
      </Box>
    );
  return (
    <Box p="4">
      <Alert.Root status="error" data-testid="viewer-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('failed')}</Alert.Title>
          {image.error && <Alert.Description>{t('failedReason', { reason: image.error })}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    </Box>
  );
}
