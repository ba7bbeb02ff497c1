import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation, InvitationKind } from '../../../../contract/apiInvitations';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { AppDialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { formatKoreanTime } from '../../../utils/formatKoreanTime';
import { toaster } from '../toaster';
import { invitationsApi, invitationsKey } from './invitationsApi';

export interface PendingInvitationsProps {
  kind: InvitationKind;
  targetId: string;
  /** Resend and revoke buttons (the caller may invite to this target). */
  canManage: boolean;
}

/**
 * The invitations of a project or an organization still waiting for a sign-up: pending ones and
 * expired ones (which a resend brings back). Accepted and revoked invitations are not listed.
 */
export function PendingInvitations({ kind, targetId, canManage }: PendingInvitationsProps) {
  const { t } = useTranslation(['invitations', 'errors']);
  const client = useQueryClient();
  const key = invitationsKey(kind, targetId);
  const list = useQuery({ queryKey: key, queryFn: () => invitationsApi.list(kind, targetId) });
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const fail = (error: unknown) => toaster.create({ type: 'error', title: t(`errors:${errorCodeOf(error)}`) });
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const resend = useMutation({
    mutationFn: (id: string) => invitationsApi.resend(kind, targetId, id),
    onSuccess: (invitation) => {
      toaster.create({ type: 'success', title: t('invitations:resent', { email: invitation.email }) });
      void refresh();
    },
    onError: fail,
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => invitationsApi.revoke(kind, targetId, invitation.id),
    onSuccess: (_, invitation) => {
      toaster.create({ type: 'success', title: t('invitations:revoked', { email: invitation.email }) });
      void refresh();
    },
    onError: fail,
  });

  return (
    <Stack gap="2" data-testid="pending-invitations">
      <Text as="h3" fontWeight="600">
        {t('invitations:pending.title')}
      </Text>
      {list.isError ? (
        <EmptyState py="6" message={t(`errors:${errorCodeOf(list.error)}`)} />
      ) : list.data?.length === 0 ? (
        <EmptyState py="6" message={t('invitations:pending.empty')} />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t('invitations:pending.title')}>
          {list.data?.map((invitation) => (
            <HStack
              as="li"
              key={invitation.id}
              gap="3"
              py="2"
              borderBottomWidth="1px"
              wrap="wrap"
              data-testid="invitation-row"
            >
              <Stack gap="0" flex="1" minW="48">
                <Text fontWeight="600" wordBreak="break-all">
                  {invitation.email}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t(`invitations:roles.${invitation.role}`)}
                  {invitation.invitedBy && ` · ${t('invitations:pending.by', { name: invitation.invitedBy.name })}`}
                  {` · ${t('invitations:pending.sent', { time: formatKoreanTime(invitation.sentAt) })}`}
                </Text>
              </Stack>
              {invitation.state === 'expired' ? (
                <Badge colorPalette="red">{t('invitations:pending.expired')}</Badge>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('invitations:pending.expires', { time: formatKoreanTime(invitation.expiresAt) })}
                </Text>
              )}
              {canManage && (
                <HStack gap="2">
                  <Button
                    size="sm"
                    variant="outline"
                    loading={resend.isPending && resend.variables === invitation.id}
                    onClick={() => resend.mutate(invitation.id)}
                    aria-label={t('invitations:pending.resendTo', { email: invitation.email })}
                  >
                    {t('invitations:pending.resend')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setRevoking(invitation)}
                    aria-label={t('invitations:pending.revokeFor', { email: invitation.email })}
                  >
                    {t('invitations:pending.revoke')}
                  </Button>
                </HStack>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      <AppDialog
        open={revoking !== null}
        title={t('invitations:pending.revoke')}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        confirmText={t('invitations:pending.revoke')}
      >
        {revoking && t('invitations:pending.revokeConfirm', { email: revoking.email })}
      </AppDialog>
    </Stack>
  );
}
