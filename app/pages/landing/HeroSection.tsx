import { Box, Button, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';

const POINTS = ['pixels', 'keys', 'deploy'] as const;

/** A labelling studio in miniature: a wafer with defect boxes, a tool rail and a minimap. */
function HeroArt() {
  return (
    <Box hideBelow="md" maxW="540px" w="full" mx="auto" aria-hidden="true">
      <svg viewBox="0 0 480 320" width="100%" fill="none">
        <defs>
          <pattern id="hero-die" width="22" height="22" patternUnits="userSpaceOnUse">
            <path d="M22 0H0v22" stroke="#90caf9" strokeOpacity=".25" />
          </pattern>
        </defs>
        <rect x=".5" y=".5" width="479" height="319" rx="16" fill="#0a2350" stroke="#fff" strokeOpacity=".2" />
        <circle cx="22" cy="20" r="5" fill="#ef5350" />
        <circle cx="40" cy="20" r="5" fill="#ffca28" />
        <circle cx="58" cy="20" r="5" fill="#66bb6a" />
        <rect x="12" y="40" width="36" height="268" rx="8" fill="#fff" fillOpacity=".08" />
        <rect x="20" y="50" width="20" height="20" rx="5" fill="#1e88e5" />
        <rect x="20" y="82" width="20" height="20" rx="5" fill="#fff" fillOpacity=".2" />
        <rect x="20" y="114" width="20" height="20" rx="5" fill="#fff" fillOpacity=".2" />
        <rect x="60" y="40" width="408" height="268" rx="8" fill="#0f3470" />
        <circle cx="236" cy="174" r="118" fill="#1565c0" fillOpacity=".45" stroke="#64b5f6" strokeOpacity=".6" />
        <circle cx="236" cy="174" r="118" fill="url(#hero-die)" />
        <rect
          x="168"
          y="104"
          width="66"
          height="48"
          rx="3"
          stroke="#ffca28"
          strokeWidth="2.5"
          fill="#ffca28"
          fillOpacity=".15"
        />
        <rect x="168" y="90" width="38" height="12" rx="3" fill="#ffca28" />
        <rect
          x="262"
          y="196"
          width="52"
          height="40"
          rx="3"
          stroke="#66bb6a"
          strokeWidth="2.5"
          fill="#66bb6a"
          fillOpacity=".15"
        />
        <rect x="262" y="182" width="30" height="12" rx="3" fill="#66bb6a" />
        <rect x="384" y="228" width="72" height="68" rx="6" fill="#0a2350" stroke="#fff" strokeOpacity=".3" />
        <rect x="400" y="244" width="26" height="20" stroke="#42a5f5" strokeWidth="2" />
        <rect x="72" y="276" width="26" height="22" rx="5" fill="#fff" fillOpacity=".9" />
        <rect x="104" y="276" width="26" height="22" rx="5" fill="#fff" fillOpacity=".5" />
      </svg>
    </Box>
  );
}

/** Dark hero that runs under the transparent header; white text on brand 900–950. */
export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      color="white"
      overflow="hidden"
      bgImage="linear-gradient(150deg, #082c63 0%, #0d47a1 75%)"
      pt={{ base: '28', md: '36' }}
      pb={{ base: '16', md: '24' }}
    >
      <Grid
        maxW="1280px"
        mx="auto"
        px={{ base: '4', md: '6' }}
        templateColumns={{ base: '1fr', lg: '1.1fr 1fr' }}
        gap="12"
        alignItems="center"
      >
        <Stack gap="6">
          <Text fontSize="sm" fontWeight="700" letterSpacing="0.04em" color="brand.200">
            {t('hero.eyebrow')}
          </Text>
          <Heading
            as="h1"
            id="hero-title"
            fontSize={{ base: '3xl', md: '5xl' }}
            lineHeight="1.25"
            letterSpacing="-0.03em"
          >
            {t('hero.title')}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="brand.50" maxW="xl">
            {t('hero.lead')}
          </Text>
          <Flex gap="3" wrap="wrap">
            <Button asChild size="lg" bg="white" color="brand.900" _hover={{ bg: 'brand.50' }}>
              <Link href={paths.login}>{t('hero.start')}</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <Link href={paths.info}>{t('hero.explore')}</Link>
            </Button>
          </Flex>
          <HStack as="ul" gap="5" wrap="wrap" fontSize="sm" color="brand.100" listStyle="none">
            {POINTS.map((key) => (
              <HStack as="li" key={key} gap="2">
                <Box w="1.5" h="1.5" rounded="full" bg="brand.300" />
                {t(`hero.points.${key}`)}
              </HStack>
            ))}
          </HStack>
        </Stack>
        <HeroArt />
      </Grid>
    </Box>
  );
}
