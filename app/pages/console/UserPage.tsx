import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { href } from '../../../contract/routes';
import { errorCodeOf } from '../../api/ApiRequestError';
import { authApi } from '../../api/authApi';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useLocale } from '../../i18n/useLocale';
import { ConsoleScope } from './ConsoleScope';
import { emailFromParam } from './emailFromParam';

/** Why there is no profile to show: the address is malformed, or no account has it. */
type Missing = { kind: 'invalid' } | { kind: 'noAccount'; email: string };

function UserNotFound({ missing }: { missing: Missing }) {
  const { t } = useTranslation('console');
  const { homeHref } = useLocale();
  return (
    <Stack
      gap="6"
      align="center"
      textAlign="center"
      maxW="xl"
      mx="auto"
      py={{ base: '4', md: '10' }}
      data-testid="user-not-found"
      data-reason={missing.kind}
    >
      <PageTitle
        title={t('user.notFound')}
        description={
          missing.kind === 'invalid' ? t('user.notFoundBody') : t('user.noAccountBody', { email: missing.email })
        }
        mb="0"
        align="center"
        justify="center"
      />
      <Button asChild colorPalette="brand" size="lg">
        <Link href={homeHref}>{t('user.home')}</Link>
      </Button>
    </Stack>
  );
}

function Profile({ email }: { email: string }) {
  const { t } = useTranslation(['console', 'errors']);
  // The answer is a list (spec section 7); an empty one means no account has this address.
  const lookup = useQuery({
    queryKey: ['auth', 'user', 'email', email],
    queryFn: async () => (await authApi.userByEmail(email))[0] ?? null,
  });
  if (lookup.isPending) return <Spinner color="brand.600" size="lg" />;
  if (lookup.isError) {
    const code = errorCodeOf(lookup.error);
    // The server checks the address more strictly than the link parser: its refusal means "not valid".
    if (code === 'validation') return <UserNotFound missing={{ kind: 'invalid' }} />;
    return (
      <EmptyState
        data-testid="user-load-failed"
        message={t('user.loadFailed')}
        hint={t(`errors:${code}`)}
        action={
          <Button variant="outline" mt="2" onClick={() => void lookup.refetch()} loading={lookup.isFetching}>
            {t('user.retry')}
          </Button>
        }
      />
    );
  }
  const user = lookup.data;
  if (!user) return <UserNotFound missing={{ kind: 'noAccount', email }} />;
  return (
    <Stack gap="8" data-testid="user-profile">
      <Stack direction="row" gap={{ base: '4', md: '6' }} align="center" pb="8" borderBottomWidth="1px">
        <Avatar name={user.name} email={user.email} src={user.avatar} size={80} />
        <PageTitle title={user.name} description={user.email} mb="0" minW="0" />
      </Stack>
      {user.introduction ? (
        <Text fontSize="lg" whiteSpace="pre-wrap" data-testid="user-introduction">
          {user.introduction}
        </Text>
      ) : (
        <Text color="fg.muted">{t('user.noIntroduction')}</Text>
      )}
      <EmptyState
        borderWidth="1px"
        borderStyle="dashed"
        rounded="xl"
        message={t('user.emptyMessage')}
        hint={t('user.emptyHint')}
        action={
          <Button asChild variant="outline" mt="2">
            <Link href={href.resources()}>{t('user.toMarket')}</Link>
          </Button>
        }
      />
    </Stack>
  );
}

/** /console/user/:email: a user's page (name, avatar, introduction), reached from a clickable avatar. */
export default function UserPage() {
  const email = emailFromParam(useParams<{ email?: string }>().email);
  return (
    <ConsoleScope>
      <PageContainer>
        {email === null ? <UserNotFound missing={{ kind: 'invalid' }} /> : <Profile email={email} />}
      </PageContainer>
    </ConsoleScope>
  );
}
