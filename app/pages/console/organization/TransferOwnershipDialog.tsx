import { Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member, Organization } from '../../../../contract/apiSupport';
import { AppDialog } from '../../../components/Dialog';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { toaster } from '../toaster';
import { organizationApi } from './organizationApi';
import { organizationErrorKey, useRefreshOrganization } from './organizationMutations';

/**
 * Transfer ownership in two steps: choose a member, then confirm what the caller gives up (they
 * stay as an admin). The server does both role changes at once.
 */
export function TransferOwnershipDialog({
  org,
  candidates,
  open,
  onClose,
  onTransferred,
}: {
  org: Organization;
  /** The other members. */
  candidates: Member[];
  open: boolean;
  onClose: () => void;
  onTransferred: () => void;
}) {
  const { t } = useTranslation(['organization', 'errors']);
  const refresh = useRefreshOrganization();
  const [userId, setUserId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = candidates.find((m) => m.userId === userId) ?? null;

  const close = () => {
    setUserId('');
    setConfirming(false);
    setError(null);
    onClose();
  };

  const transfer = useMutation({
    mutationFn: (member: Member) => organizationApi.transfer(org.id, member.userId),
    onSuccess: (updated, member) => {
      refresh(org.id, updated);
      toaster.create({ type: 'success', title: t('organization:transfer.done', { name: member.name }) });
      onTransferred();
      close();
    },
    onError: (failure) => setError(organizationErrorKey(failure)),
  });

  const confirm = () => {
    if (!chosen) return;
    if (!confirming) setConfirming(true);
    else transfer.mutate(chosen);
  };

  return (
    <AppDialog
      open={open}
      title={t('organization:transfer.title')}
      onClose={close}
      onConfirm={candidates.length > 0 ? confirm : undefined}
      autoClose={false}
      confirmText={confirming ? t('organization:transfer.submit') : t('organization:transfer.next')}
      confirmDisabled={!chosen || transfer.isPending}
    >
      <Stack gap="4" data-testid="org-transfer">
        {candidates.length === 0 ? (
          <Text>{t('organization:transfer.noMembers')}</Text>
        ) : confirming && chosen ? (
          <Text data-testid="org-transfer-confirm">
            {t('organization:transfer.confirm', { name: chosen.name, org: org.name })}
          </Text>
        ) : (
          <>
            <Text color="fg.muted">{t('organization:transfer.intro')}</Text>
            <Field.Root required>
              <Field.Label>{t('organization:transfer.member')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="userId"
                  value={userId}
                  onChange={(e) => setUserId(e.currentTarget.value)}
                  data-testid="org-transfer-member"
                >
                  <option value="">{t('organization:transfer.choose')}</option>
                  {candidates.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {`${m.name} (${m.email}) · ${t(`organization:roles.${m.role}`)}`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </>
        )}
        {error && (
          <Text color="fg.error" role="alert">
            {t(error)}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
