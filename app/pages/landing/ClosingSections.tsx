import { Box, Button, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href, paths } from '../../../contract/routes';
import { LineIcon } from '../info/LineIcon';

/** Market teaser (datasets, models) and the closing call to action (sign in, pricing). */
export function ClosingSections() {
  const { t } = useTranslation('landing');
  return (
    <>
      <Box as="section" aria-labelledby="market-title" bg="bg.subtle" py={{ base: '14', md: '20' }}>
        <Grid
          maxW="1280px"
          mx="auto"
          px={{ base: '4', md: '6' }}
          templateColumns={{ base: '1fr', md: 'auto 1fr auto' }}
          gap={{ base: '5', md: '8' }}
          alignItems="center"
        >
          <Box color="brand.800" hideBelow="md">
            <LineIcon name="market" size={56} />
          </Box>
          <Stack gap="3">
            <Heading as="h2" id="market-title" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
              {t('market.title')}
            </Heading>
            <Text color="fg.muted" maxW="2xl">
              {t('market.body')}
            </Text>
          </Stack>
          <Flex gap="3" direction={{ base: 'column', sm: 'row', md: 'column' }}>
            <Button asChild variant="outline" colorPalette="brand">
              <Link href={href.resources('dataset')}>{t('market.datasets')}</Link>
            </Button>
            <Button asChild variant="outline" colorPalette="brand">
              <Link href={href.resources('model')}>{t('market.models')}</Link>
            </Button>
          </Flex>
        </Grid>
      </Box>
      <Box
        as="section"
        aria-labelledby="cta-title"
        bg="brand.900"
        color="white"
        py={{ base: '14', md: '20' }}
        px="4"
        textAlign="center"
      >
        <Stack gap="4" align="center" maxW="2xl" mx="auto">
          <Heading as="h2" id="cta-title" fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
            {t('cta.title')}
          </Heading>
          <Text color="brand.50" fontSize={{ base: 'md', md: 'lg' }}>
            {t('cta.body')}
          </Text>
          <Flex gap="3" wrap="wrap" justify="center" mt="2">
            <Button asChild size="lg" bg="white" color="brand.900" _hover={{ bg: 'brand.50' }}>
              <Link href={paths.login}>{t('cta.start')}</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <Link href={paths.pricing}>{t('cta.pricing')}</Link>
            </Button>
          </Flex>
        </Stack>
      </Box>
    </>
  );
}
