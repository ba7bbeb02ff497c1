import { Badge, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../../../contract/apiMarket';
import { APPROVAL_COLORS } from './marketFormat';

/** A resource's approval state, and why when the check failed or a reviewer rejected it. */
export function ApprovalBadge({ resource }: { resource: Pick<Resource, 'approval' | 'rejectReason' | 'checkError'> }) {
  const { t } = useTranslation('market');
  const why =
    resource.approval === 'rejected' && resource.rejectReason
      ? t('approvalReason', { reason: resource.rejectReason })
      : resource.approval === 'check_failed' && resource.checkError
        ? t(`checkErrors.${resource.checkError}`)
        : null;
  return (
    <Stack gap="1" align="start">
      <Badge
        colorPalette={APPROVAL_COLORS[resource.approval]}
        data-testid="resource-approval"
        data-state={resource.approval}
      >
        {t(`approval.${resource.approval}`)}
      </Badge>
      {why && (
        <Text fontSize="xs" color="fg.error" data-testid="resource-approval-reason">
          {why}
        </Text>
      )}
    </Stack>
  );
}
