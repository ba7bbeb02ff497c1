import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Organization } from '../../../../contract/apiSupport';
import { AppDialog } from '../../../components/Dialog';
import { auth } from '../../../state/auth';
import { setCurrentOrganization } from '../../../state/organization';
import { projectKeys } from '../projects/projectQueries';
import { toaster } from '../toaster';
import { deleteBlocker, isLastOwner } from './memberPermissions';
import { useMembers } from './MembersTable';
import { organizationApi, organizationKeys } from './organizationApi';
import { organizationErrorKey } from './organizationMutations';
import { TransferOwnershipDialog } from './TransferOwnershipDialog';

type Confirm = 'leave' | 'delete' | null;

/**
 * Transfer ownership (owner), leave (anyone but the last owner) and delete (owner, only when
 * empty): each says why it is not available rather than failing after a click. Leaving or
 * deleting switches the console back to Personal.
 */
export function OrganizationDangerZone({ org }: { org: Organization }) {
  const { t } = useTranslation(['organization', 'errors']);
  const client = useQueryClient();
  const me = useSnapshot(auth).user;
  const members = useMembers(org.id).data ?? [];
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [transferring, setTransferring] = useState(false);
  const myId = me ? String(me.id) : '';
  const lastOwner = isLastOwner(org.role, members);
  const blocker = deleteBlocker(org.role, org.memberCount, org.projectCount);

  const gone = (message: string) => {
    setCurrentOrganization(null);
    client.setQueryData<Organization[]>(organizationKeys.list, (list) => list?.filter((o) => o.id !== org.id));
    void client.invalidateQueries({ queryKey: organizationKeys.list });
    void client.invalidateQueries({ queryKey: projectKeys.list });
    client.removeQueries({ queryKey: organizationKeys.organization(org.id) });
    toaster.create({ type: 'success', title: message });
  };
  const fail = (error: unknown) => toaster.create({ type: 'error', title: t(organizationErrorKey(error)) });

  const leave = useMutation({
    mutationFn: () => organizationApi.removeMember(org.id, myId),
    onSuccess: () => gone(t('organization:leave.done', { name: org.name })),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => organizationApi.remove(org.id),
    onSuccess: () => gone(t('organization:delete.done', { name: org.name })),
    onError: (error) => {
      fail(error);
      // The counts were stale: show the current reason.
      void client.invalidateQueries({ queryKey: organizationKeys.list });
    },
  });

  return (
    <Stack as="section" gap="4" aria-labelledby="org-danger-title" borderTopWidth="1px" pt="6">
      <Text as="h3" id="org-danger-title" fontWeight="700">
        {t('organization:danger.title')}
      </Text>
      {org.role === 'owner' && (
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => setTransferring(true)} data-testid="org-transfer-open">
            {t('organization:transfer.button')}
          </Button>
        </HStack>
      )}
      <Stack gap="1">
        <HStack>
          <Button
            variant="outline"
            colorPalette="red"
            disabled={lastOwner}
            onClick={() => setConfirm('leave')}
            data-testid="org-leave"
          >
            {t('organization:leave.button')}
          </Button>
        </HStack>
        {lastOwner && (
          <Text fontSize="sm" color="fg.muted" data-testid="org-leave-blocked">
            {t('organization:leave.lastOwner')}
          </Text>
        )}
      </Stack>
      {org.role === 'owner' && (
        <Stack gap="1">
          <HStack>
            <Button
              colorPalette="red"
              disabled={blocker !== null}
              onClick={() => setConfirm('delete')}
              data-testid="org-delete"
            >
              {t('organization:delete.button')}
            </Button>
          </HStack>
          {blocker && (
            <Text fontSize="sm" color="fg.muted" data-testid="org-delete-blocked">
              {t(blocker.key, { count: blocker.count })}
            </Text>
          )}
        </Stack>
      )}
      <AppDialog
        open={confirm !== null}
        title={confirm === 'delete' ? t('organization:delete.button') : t('organization:leave.button')}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm === 'delete' ? remove.mutate() : leave.mutate())}
        confirmText={confirm === 'delete' ? t('organization:delete.button') : t('organization:leave.button')}
      >
        {confirm === 'delete'
          ? t('organization:delete.confirm', { name: org.name })
          : t('organization:leave.confirm', { name: org.name })}
      </AppDialog>
      <TransferOwnershipDialog
        org={org}
        candidates={members.filter((m) => m.userId !== myId)}
        open={transferring}
        onClose={() => setTransferring(false)}
        onTransferred={() => void client.invalidateQueries({ queryKey: organizationKeys.members(org.id) })}
      />
    </Stack>
  );
}
