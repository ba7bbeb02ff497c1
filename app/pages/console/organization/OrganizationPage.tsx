import { Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { EmptyState } from '../../../components/EmptyState';
import { ConsoleScope } from '../ConsoleScope';
import { OrganizationDetails } from './OrganizationDetails';
import { PersonalPanel } from './PersonalPanel';
import { useCurrentOrganization } from './useCurrentOrganization';

function OrganizationView() {
  const { t } = useTranslation('organization');
  const { id, current, organizations, isError } = useCurrentOrganization();
  return (
    <PageContainer maxW="5xl">
      <PageTitle title={t('page.title')} />
      {id === null ? (
        <PersonalPanel organizations={organizations} loading={!organizations && !isError} />
      ) : current ? (
        <OrganizationDetails org={current} />
      ) : isError ? (
        <EmptyState message={t('page.loadFailed')} />
      ) : (
        <Stack gap="4" data-testid="org-loading">
          <Skeleton h="10" w="60" />
          <Skeleton h="40" />
        </Stack>
      )}
    </PageContainer>
  );
}

/** /console/organization: the current organization (members, roles, invitations, transfer, delete), or Personal. */
export default function OrganizationPage() {
  return (
    <ConsoleScope>
      <OrganizationView />
    </ConsoleScope>
  );
}
