import { Box, Flex, Grid, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../contract/routes';
import { company } from '../config/company';
import { footerGroups } from '../config/navigation';
import { MenuLink } from './header/MenuLink';
import { Logo } from './header/Logo';

/** Site footer: menu groups, policy links and the company details; content max width 1280. */
export function Footer() {
  const { t } = useTranslation('common');
  return (
    <Box as="footer" bg="gray.900" color="gray.300" mt="auto" data-testid="site-footer">
      <Box maxW="1280px" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        <Grid templateColumns={{ base: '1fr', md: '1.4fr repeat(4, 1fr)' }} gap={{ base: '8', md: '6' }}>
          <Stack gap="3">
            <Logo inverted />
            <Text fontSize="sm" color="gray.400" maxW="xs">
              {t('footer.tagline')}
            </Text>
          </Stack>
          {footerGroups.map((group) => (
            <Stack key={group.key} gap="2" as="nav" aria-label={t(group.key)}>
              <Text fontWeight="700" color="white" fontSize="sm">
                {t(group.key)}
              </Text>
              {group.links.map((link) => (
                <Box key={link.key} fontSize="sm" _hover={{ color: 'white' }}>
                  <MenuLink link={link} label={t(link.key)} />
                </Box>
              ))}
            </Stack>
          ))}
        </Grid>
        <Separator my="8" borderColor="gray.700" />
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="6">
          <HStack gap="5" fontSize="sm" flexWrap="wrap">
            <Box fontWeight="700" color="white">
              <Link href={paths.supportPrivacy}>{t('footer.privacy')}</Link>
            </Box>
            <Link href={paths.supportPolicy}>{t('footer.terms')}</Link>
            <Link href={paths.support}>{t('footer.support')}</Link>
          </HStack>
          <Stack gap="1" fontSize="xs" color="gray.400" as="address" fontStyle="normal">
            <Text>
              {t(company.nameKey)} · {t('footer.ceo')} {t(company.ceoKey)} · {t('footer.registration')}{' '}
              {company.registrationNumber}
            </Text>
            <Text>
              {t('footer.mailOrder')} {company.mailOrderNumber} · {t(company.addressKey)}
            </Text>
            <Text>
              {t('footer.phone')} {company.phone} · <a href={`mailto:${company.email}`}>{company.email}</a>
            </Text>
            <Text mt="2">
              © 2026 {t(company.nameKey)}. {t('footer.rights')}
            </Text>
          </Stack>
        </Flex>
      </Box>
    </Box>
  );
}
