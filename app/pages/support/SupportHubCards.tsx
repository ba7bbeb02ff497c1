import { Box, Heading, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Card } from '../../theme/parts/card';
import { SupportIcon } from './SupportIcon';

const CARDS = [
  { id: 'notice', href: paths.supportNotice },
  { id: 'faq', href: paths.supportFaq },
  { id: 'docs', href: paths.supportDocs },
  { id: 'policy', href: paths.supportPolicy },
  { id: 'privacy', href: paths.supportPrivacy },
] as const;

/** The information center's links: notices, FAQ, support guide, terms, privacy policy. */
export function SupportHubCards() {
  const { t } = useTranslation('support');
  return (
    <Box as="section" aria-labelledby="support-links-heading" mt={{ base: '10', md: '14' }}>
      <Heading as="h2" id="support-links-heading" size={{ base: 'lg', md: 'xl' }} mb="5">
        {t('hub.linksHeading')}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {CARDS.map((card) => (
          <Card.Root
            key={card.id}
            variant="outline"
            position="relative"
            transition="border-color 0.15s, box-shadow 0.15s"
            _hover={{ borderColor: 'brand.600', shadow: 'md' }}
            _focusWithin={{ borderColor: 'brand.600', shadow: 'md' }}
            data-testid={`support-card-${card.id}`}
          >
            <Card.Body gap="3">
              <SupportIcon name={card.id} size={8} />
              <Heading as="h3" size="md">
                <LinkOverlay asChild>
                  <Link href={card.href}>{t(`hub.cards.${card.id}.title`)}</Link>
                </LinkOverlay>
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {t(`hub.cards.${card.id}.text`)}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}
