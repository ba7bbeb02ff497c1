import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ORG_ROLES, type Member, type Organization, type OrgRole } from '../../../../contract/apiSupport';
import { Avatar } from '../../../components/Avatar';
import { AppDialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { auth } from '../../../state/auth';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { Table } from '../../../theme/parts/table';
import { toaster } from '../toaster';
import { canChangeRole, canRemove } from './memberPermissions';
import { organizationApi, organizationKeys } from './organizationApi';
import { organizationErrorKey, useRefreshOrganization } from './organizationMutations';

/** The organization's members; the list the transfer dialog and the leave check also read. */
export function useMembers(orgId: string) {
  return useQuery({ queryKey: organizationKeys.members(orgId), queryFn: () => organizationApi.members(orgId) });
}

/**
 * Members: avatar, name, e-mail, role and join date. Owners change roles; owners remove anyone
 * else, admins plain members (after a confirmation). The caller's own row says "you".
 */
export function MembersTable({ org }: { org: Organization }) {
  const { t, i18n } = useTranslation(['organization', 'errors']);
  const client = useQueryClient();
  const refresh = useRefreshOrganization();
  const me = useSnapshot(auth).user;
  const members = useMembers(org.id);
  const [removing, setRemoving] = useState<Member | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const fail = (error: unknown) => toaster.create({ type: 'error', title: t(organizationErrorKey(error)) });
  const reload = () => {
    void client.invalidateQueries({ queryKey: organizationKeys.members(org.id) });
    refresh(org.id);
  };

  const changeRole = useMutation({
    mutationFn: (v: { member: Member; role: OrgRole }) => organizationApi.updateMember(org.id, v.member.userId, v.role),
    onSuccess: (member) => {
      toaster.create({
        type: 'success',
        title: t('organization:members.roleChanged', {
          name: member.name,
          role: t(`organization:roles.${member.role}`),
        }),
      });
      reload();
    },
    // A refused change (the last owner) puts the select back where the server has it.
    onError: (error) => {
      fail(error);
      reload();
    },
  });
  const remove = useMutation({
    mutationFn: (member: Member) => organizationApi.removeMember(org.id, member.userId),
    onSuccess: (_, member) => {
      toaster.create({ type: 'success', title: t('organization:members.removed', { name: member.name }) });
      reload();
    },
    onError: fail,
  });

  if (members.isError) return <EmptyState message={t(organizationErrorKey(members.error))} />;
  return (
    <Stack gap="3">
      <Text as="h3" id="org-members-title" fontWeight="700">
        {t('organization:members.title')}
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="l2">
        <Table.Root size="sm" aria-labelledby="org-members-title" data-testid="org-members">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('organization:members.name')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('organization:members.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('organization:members.role')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('organization:members.joined')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('organization:members.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(members.data ?? []).map((m) => {
              const self = me !== null && String(me.id) === m.userId;
              return (
                <Table.Row key={m.userId} data-testid="org-member" data-email={m.email}>
                  <Table.Cell>
                    <HStack gap="2" minW="0">
                      <Avatar name={m.name} email={m.email} src={m.avatar} size={28} />
                      <Stack gap="0" minW="0">
                        <Text fontWeight="600" truncate>
                          {m.name}
                          {self && ` (${t('organization:members.you')})`}
                        </Text>
                        <Text fontSize="xs" color="fg.muted" hideFrom="md" truncate>
                          {m.email}
                        </Text>
                      </Stack>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{m.email}</Table.Cell>
                  <Table.Cell>
                    {canChangeRole(org.role) ? (
                      <NativeSelect.Root size="sm" w={{ base: '28', md: '32' }} disabled={changeRole.isPending}>
                        <NativeSelect.Field
                          aria-label={t('organization:members.roleOf', { name: m.name })}
                          value={m.role}
                          data-testid="org-member-role"
                          onChange={(e) => changeRole.mutate({ member: m, role: e.currentTarget.value as OrgRole })}
                        >
                          {ORG_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {t(`organization:roles.${r}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    ) : (
                      <Text data-testid="org-member-role-text">{t(`organization:roles.${m.role}`)}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{date.format(new Date(m.joinedAt))}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {canRemove(org.role, m, self) && (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        aria-label={t('organization:members.removeOf', { name: m.name })}
                        onClick={() => setRemoving(m)}
                        data-testid="org-member-remove"
                      >
                        {t('organization:members.remove')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <AppDialog
        open={removing !== null}
        title={t('organization:members.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
        confirmText={t('organization:members.remove')}
      >
        {removing && t('organization:members.removeConfirm', { name: removing.name, org: org.name })}
      </AppDialog>
    </Stack>
  );
}
