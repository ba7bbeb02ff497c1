import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { company } from '../../config/company';
import { InlineLink } from './InlineLink';
import { SupportIcon, type SupportIconName } from './SupportIcon';

function ContactItem({
  icon,
  label,
  children,
  note,
}: {
  icon: SupportIconName;
  label: string;
  children: ReactNode;
  note?: string;
}) {
  // dl > div > dt/dd: the grouping div is the only element allowed between them.
  return (
    <Box>
      <Text as="dt" display="flex" alignItems="center" gap="2" fontSize="sm" color="fg.muted" fontWeight="600">
        <SupportIcon name={icon} size={5} />
        {label}
      </Text>
      <Box as="dd" fontWeight="700" fontSize="lg" mt="1">
        {children}
      </Box>
      {note && (
        <Text as="dd" fontSize="sm" color="fg.muted" mt="1">
          {note}
        </Text>
      )}
    </Box>
  );
}

/** Contact details of customer support: email, phone and weekday hours. */
export function SupportContact() {
  const { t } = useTranslation('support');
  return (
    <Box
      as="section"
      aria-labelledby="support-contact-heading"
      mt={{ base: '10', md: '14' }}
      bg="bg.subtle"
      borderWidth="1px"
      rounded="xl"
      p={{ base: '5', md: '8' }}
    >
      <Heading as="h2" id="support-contact-heading" size={{ base: 'lg', md: 'xl' }} mb="2">
        {t('hub.contact.heading')}
      </Heading>
      <Text color="fg.muted" mb="6">
        {t('hub.contact.text')}
      </Text>
      <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap="6" data-testid="support-contact">
        <ContactItem icon="mail" label={t('hub.contact.email')} note={t('hub.contact.emailNote')}>
          <InlineLink plain href={`mailto:${company.email}`}>
            {company.email}
          </InlineLink>
        </ContactItem>
        <ContactItem icon="phone" label={t('hub.contact.phone')}>
          <InlineLink plain href={`tel:${company.phone.replace(/-/g, '')}`}>
            {company.phone}
          </InlineLink>
        </ContactItem>
        <ContactItem icon="clock" label={t('hub.contact.hours')}>
          <Text fontSize="md">{t('hub.contact.hoursValue')}</Text>
        </ContactItem>
      </SimpleGrid>
    </Box>
  );
}
