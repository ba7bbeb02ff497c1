import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { WithdrawalBlockers } from '../../../contract/apiAccount';
import { projectHref } from '../../../contract/projectRoutes';
import { Alert } from '../../theme/parts/alert';
import { List } from '../../theme/parts/list';

const ORGANIZATION_PAGE = '/console/organization';

/** The organizations and projects deleted with the account (the user is their only member). */
export function WithdrawDeletes({ deletes }: { deletes: WithdrawalBlockers }) {
  const { t } = useTranslation('withdraw');
  if (deletes.organizations.length === 0 && deletes.projects.length === 0) return null;
  return (
    <Stack gap="2" data-testid="withdraw-deletes">
      <Text fontWeight="semibold">{t('deletesTitle')}</Text>
      <List.Root ps="5">
        {deletes.organizations.map((o) => (
          <List.Item key={o.id}>{t('deletesOrganization', { name: o.name })}</List.Item>
        ))}
        {deletes.projects.map((p) => (
          <List.Item key={p.id}>{t('deletesProject', { name: p.name })}</List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

/** Why the account cannot be deleted yet, with where to hand each thing over. */
export function WithdrawBlockers({ blockers }: { blockers: WithdrawalBlockers }) {
  const { t } = useTranslation(['withdraw', 'errors']);
  return (
    <Alert.Root status="warning" alignItems="start" data-testid="withdraw-blocked">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{t('withdraw:blockedTitle')}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>{t('errors:last_owner')}</Text>
            <List.Root ps="5">
              {blockers.organizations.map((o) => (
                <List.Item key={o.id}>{t('withdraw:blockedOrganization', { name: o.name })}</List.Item>
              ))}
              {blockers.projects.map((p) => (
                <List.Item key={p.id}>
                  <Link href={projectHref(p.id, 'settings')}>{t('withdraw:blockedProject', { name: p.name })}</Link>
                </List.Item>
              ))}
            </List.Root>
            {blockers.organizations.length > 0 && (
              <Link href={ORGANIZATION_PAGE}>
                <Text as="span" textDecoration="underline">
                  {t('withdraw:toOrganization')}
                </Text>
              </Link>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
