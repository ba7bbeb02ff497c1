import { useQueryClient } from '@tanstack/react-query';
import type { Organization } from '../../../../contract/apiSupport';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { projectKeys } from '../projects/projectQueries';
import { organizationKeys } from './organizationApi';

/** The i18n key of a failed organization call: the server's own code, translated in `errors`. */
export function organizationErrorKey(error: unknown): string {
  return `errors:${errorCodeOf(error)}`;
}

/** Refreshes what an organization change touches: the list (roles, counts), its view and members, the projects. */
export function useRefreshOrganization() {
  const client = useQueryClient();
  return (orgId: string, org?: Organization) => {
    if (org) {
      client.setQueryData<Organization[]>(organizationKeys.list, (list) =>
        list?.map((o) => (o.id === org.id ? org : o)),
      );
    }
    void client.invalidateQueries({ queryKey: organizationKeys.list });
    void client.invalidateQueries({ queryKey: organizationKeys.organization(orgId) });
    void client.invalidateQueries({ queryKey: projectKeys.list });
  };
}
