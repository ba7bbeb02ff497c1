import { Box, Button, Heading, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { company } from '../../config/company';
import { Card } from '../../theme/parts/card';
import { GuideSiteButton } from './GuideSiteButton';
import { SupportIcon, type SupportIconName } from './SupportIcon';

function Channel({
  id,
  icon,
  action,
}: {
  id: 'guide' | 'faq' | 'notice' | 'email';
  icon: SupportIconName;
  action: ReactNode;
}) {
  const { t } = useTranslation('support');
  return (
    <Card.Root variant="outline" data-testid={`channel-${id}`}>
      <Card.Body gap="3">
        <HStack gap="3">
          <SupportIcon name={icon} size={7} />
          <Heading as="h3" size="md">
            {t(`docs.channels.${id}.title`)}
          </Heading>
        </HStack>
        <Text color="fg.muted" fontSize="sm" lineHeight="1.7">
          {t(`docs.channels.${id}.text`)}
        </Text>
      </Card.Body>
      <Card.Footer>{action}</Card.Footer>
    </Card.Root>
  );
}

/** Ways to get help: guide site, FAQ, notices, email. */
export function SupportChannels() {
  const { t } = useTranslation('support');
  return (
    <Box as="section" aria-labelledby="docs-channels-heading">
      <Heading as="h2" id="docs-channels-heading" size={{ base: 'lg', md: 'xl' }} mb="5">
        {t('docs.channelsHeading')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Channel id="guide" icon="docs" action={<GuideSiteButton size="sm" />} />
        <Channel
          id="faq"
          icon="faq"
          action={
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <Link href={paths.supportFaq}>{t('docs.channels.faq.action')}</Link>
            </Button>
          }
        />
        <Channel
          id="notice"
          icon="notice"
          action={
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <Link href={paths.supportNotice}>{t('docs.channels.notice.action')}</Link>
            </Button>
          }
        />
        <Channel
          id="email"
          icon="mail"
          action={
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <a href={`mailto:${company.email}`}>{t('docs.channels.email.action')}</a>
            </Button>
          }
        />
      </SimpleGrid>
    </Box>
  );
}
