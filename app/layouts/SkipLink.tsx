import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Keyboard users jump past the header; hidden until focused. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <Box
      asChild
      position="absolute"
      left="2"
      top="-12"
      zIndex="skipLink"
      bg="bg"
      px="3"
      py="2"
      rounded="md"
      shadow="md"
      _focus={{ top: '2' }}
    >
      <a href="#main">{t('skipToContent')}</a>
    </Box>
  );
}
