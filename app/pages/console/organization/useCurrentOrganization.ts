import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { Organization } from '../../../../contract/apiSupport';
import { organization, reconcileOrganization } from '../../../state/organization';
import { organizationApi, organizationKeys } from './organizationApi';

/** The caller's organizations with their role (GET orgs). */
export function useOrganizations() {
  return useQuery({ queryKey: organizationKeys.list, queryFn: organizationApi.list });
}

export interface CurrentOrganization {
  /** The current organization's id; null = personal. */
  id: string | null;
  /** The current organization as the list has it (null: personal, or the list is still loading). */
  current: Organization | null;
  organizations: Organization[] | undefined;
  /** True once the current id is known to be the user's (personal always is). */
  settled: boolean;
  isError: boolean;
}

/**
 * The current organization, checked against the user's list: an organization the user no longer
 * belongs to (left, removed, deleted elsewhere) falls back to personal as soon as the list arrives.
 */
export function useCurrentOrganization(): CurrentOrganization {
  const { currentOrganizationId: id } = useSnapshot(organization);
  const list = useOrganizations();
  const ids = list.data?.map((o) => o.id);
  const key = ids?.join(',');
  useEffect(() => {
    if (key !== undefined) reconcileOrganization(key ? key.split(',') : []);
  }, [key]);
  const current = id === null ? null : (list.data?.find((o) => o.id === id) ?? null);
  return {
    id,
    current,
    organizations: list.data,
    // A list that cannot load leaves the check to the server, rather than blocking the page.
    settled: id === null || current !== null || list.isError,
    isError: list.isError,
  };
}
