import { Stack } from '@chakra-ui/react';
import type { Organization } from '../../../../contract/apiSupport';
import { PendingInvitations } from '../invitations/PendingInvitations';
import { InviteMemberForm } from './InviteMemberForm';
import { MembersTable } from './MembersTable';
import { OrganizationDangerZone } from './OrganizationDangerZone';
import { OrganizationHeader } from './OrganizationHeader';

/** The current organization: name, members (with the invite form and pending invitations for owners and admins), and the way out. */
export function OrganizationDetails({ org }: { org: Organization }) {
  const manages = org.role === 'owner' || org.role === 'admin';
  return (
    <Stack gap="8" data-testid="org-details">
      <OrganizationHeader org={org} />
      {manages && <InviteMemberForm org={org} />}
      <MembersTable org={org} />
      {manages && <PendingInvitations kind="organization" targetId={org.id} canManage={manages} />}
      <OrganizationDangerZone org={org} />
    </Stack>
  );
}
