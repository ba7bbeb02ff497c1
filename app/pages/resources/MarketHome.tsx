import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href, RESOURCE_KINDS, type ResourceKind } from '../../../contract/routes';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Card } from '../../theme/parts/card';

const STEPS = ['browse', 'buy', 'sell'] as const;

/** Line drawings for the two categories: stacked images (datasets) and a network (models). */
function KindIcon({ kind }: { kind: ResourceKind }) {
  return (
    <Box
      aria-hidden="true"
      color="brand.700"
      bg="brand.subtle"
      rounded="xl"
      w="14"
      h="14"
      display="grid"
      placeItems="center"
    >
      <svg
        width="32"
        height="32"
        viewBox="0 0 32 32"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        {kind === 'dataset' ? (
          <>
            <path d="M8 10V6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-2" />
            <rect x="4" y="10" width="20" height="16" rx="2" />
            <path d="M4 22l6-6 5 5 3-3 6 6" />
          </>
        ) : (
          <>
            <circle cx="6" cy="9" r="3" />
            <circle cx="6" cy="23" r="3" />
            <circle cx="16" cy="16" r="3" />
            <circle cx="26" cy="9" r="3" />
            <circle cx="26" cy="23" r="3" />
            <path d="M9 10l4.5 4.5M9 22l4.5-4.5M19 14.5L23 10.5M19 17.5l4 4" />
          </>
        )}
      </svg>
    </Box>
  );
}

function KindCard({ kind }: { kind: ResourceKind }) {
  const { t } = useTranslation('resources');
  return (
    <Card.Root variant="outline" size="lg" h="full" data-testid={`market-card-${kind}`}>
      <Card.Body gap="4">
        <KindIcon kind={kind} />
        <Card.Title as="h2" fontSize="xl">
          {t(`kinds.${kind}.title`)}
        </Card.Title>
        <Card.Description color="fg.muted">{t(`kinds.${kind}.description`)}</Card.Description>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand">
          <Link href={href.resources(kind)}>{t(`kinds.${kind}.cta`)}</Link>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** /resources: what the market is, its two categories and how buying and selling work. */
export function MarketHome() {
  const { t } = useTranslation('resources');
  return (
    <PageContainer>
      <PageTitle title={t('title')} description={t('description')} />
      <SimpleGrid
        as="ul"
        aria-label={t('home.categoriesLabel')}
        listStyleType="none"
        columns={{ base: 1, md: 2 }}
        gap="6"
      >
        {RESOURCE_KINDS.map((kind) => (
          <li key={kind}>
            <KindCard kind={kind} />
          </li>
        ))}
      </SimpleGrid>
      <Stack as="section" aria-labelledby="market-how-title" gap="6" mt={{ base: '12', md: '16' }}>
        <Heading as="h2" id="market-how-title" size={{ base: 'xl', md: '2xl' }}>
          {t('home.howTitle')}
        </Heading>
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6">
          {STEPS.map((step, i) => (
            <Stack as="li" key={step} gap="2" bg="bg.subtle" rounded="xl" p="6">
              <Text fontSize="sm" fontWeight="700" color="brand.fg" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </Text>
              <Heading as="h3" size="md">
                {t(`home.steps.${step}.title`)}
              </Heading>
              <Text color="fg.muted">{t(`home.steps.${step}.body`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </PageContainer>
  );
}
