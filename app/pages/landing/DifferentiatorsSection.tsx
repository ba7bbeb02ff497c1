import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../info/LineIcon';
import { LandingSection } from './LandingSection';

const ITEMS = ['image', 'keyboard', 'console'] as const;

/** What sets the platform apart: huge images, keyboard labelling, one console end to end. */
export function DifferentiatorsSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection id="diff-title" title={t('diff.title')} bg="bg.subtle">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '8', md: '10' }}>
        {ITEMS.map((key) => (
          <Stack key={key} gap="3">
            <Box color="white" bg="brand.800" w="12" h="12" rounded="xl" display="grid" placeItems="center">
              <LineIcon name={key} size={26} />
            </Box>
            <Heading as="h3" fontSize="xl" lineHeight="1.4">
              {t(`diff.${key}.title`)}
            </Heading>
            <Text color="fg.muted">{t(`diff.${key}.body`)}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
