import { Box, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { href } from '../../../contract/routes';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { emailFromParam } from './emailFromParam';
import { useLocale } from '../../i18n/useLocale';

/** A plain initial circle; the shared Avatar component replaces it once it exists. */
function Initial({ email }: { email: string }) {
  const initial = Array.from(email.split('@')[0] ?? '')[0]?.toUpperCase() ?? '?';
  return (
    <Box
      // Decoration: the e-mail is the heading right beside it.
      aria-hidden="true"
      flexShrink={0}
      w={{ base: '16', md: '20' }}
      h={{ base: '16', md: '20' }}
      rounded="full"
      bg="brand.700"
      color="white"
      display="grid"
      placeItems="center"
      fontSize={{ base: '2xl', md: '3xl' }}
      fontWeight="700"
      data-testid="user-initial"
    >
      {initial}
    </Box>
  );
}

function UserNotFound() {
  const { t } = useTranslation('console');
  const { homeHref } = useLocale();
  return (
    <Stack gap="6" align="center" textAlign="center" maxW="xl" mx="auto" py={{ base: '4', md: '10' }} data-testid="user-not-found">
      <PageTitle title={t('user.notFound')} description={t('user.notFoundBody')} mb="0" align="center" justify="center" />
      <Button asChild colorPalette="brand" size="lg"><Link href={homeHref}>{t('user.home')}</Link></Button>
    </Stack>
  );
}

/** /console/user/:email: a user's public page, reached from a clickable avatar. */
export default function UserPage() {
  const { t } = useTranslation('console');
  const email = emailFromParam(useParams<{ email?: string }>().email);
  return (
    <PageContainer>
      {email === null ? (
        <UserNotFound />
      ) : (
        <Stack gap="8" data-testid="user-profile">
          <Stack direction="row" gap={{ base: '4', md: '6' }} align="center" pb="8" borderBottomWidth="1px">
            <Initial email={email} />
            <PageTitle title={email} description={t('user.profile')} mb="0" minW="0" />
          </Stack>
          <EmptyState
            borderWidth="1px"
            borderStyle="dashed"
            rounded="xl"
            message={t('user.emptyMessage')}
            hint={t('user.emptyHint')}
            action={<Button asChild variant="outline" mt="2"><Link href={href.resources()}>{t('user.toMarket')}</Link></Button>}
          />
        </Stack>
      )}
    </PageContainer>
  );
}
