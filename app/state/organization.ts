import { proxy } from 'valtio';

/**
 * The organization the console works in: its project list and new projects belong to it
 * (null = personal, the projects without an organization). Remembered per user in localStorage,
 * so each account on a shared browser comes back to its own choice; cleared at logout.
 */
export interface OrganizationState {
  currentOrganizationId: string | null;
  /** The user the choice belongs to (null: signed out, nothing restored yet). */
  userId: string | null;
}

export const organization = proxy<OrganizationState>({ currentOrganizationId: null, userId: null });

const KEY_PREFIX = 'current-organization:';
const storageKey = (userId: string) => `${KEY_PREFIX}${userId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored choice of `userId` (null: personal or none stored). */
export function readStoredOrganization(userId: string): string | null {
  try {
    const value = storage()?.getItem(storageKey(userId));
    return value && value.length <= 64 ? value : null;
  } catch {
    return null;
  }
}

/** Restores the choice of the signed-in user; called whenever the signed-in user changes. */
export function restoreOrganization(userId: string): void {
  if (organization.userId === userId) return;
  organization.userId = userId;
  organization.currentOrganizationId = readStoredOrganization(userId);
}

/** Switches to an organization (or personal, with null) and remembers it for this user. */
export function setCurrentOrganization(organizationId: string | null): void {
  organization.currentOrganizationId = organizationId;
  const userId = organization.userId;
  if (!userId) return;
  try {
    const store = storage();
    if (organizationId === null) store?.removeItem(storageKey(userId));
    else store?.setItem(storageKey(userId), organizationId);
  } catch {
    // Storage full or disabled: the choice lasts for this page.
  }
}

/**
 * Falls back to personal when the current organization is no longer one of the user's (left,
 * removed, deleted): `ids` is the user's organization list as the server answered it.
 */
export function reconcileOrganization(ids: readonly string[]): void {
  const current = organization.currentOrganizationId;
  if (current !== null && !ids.includes(current)) setCurrentOrganization(null);
}

/** Logout: forget the current organization in memory (the stored choice stays the user's own). */
export function clearOrganization(): void {
  organization.currentOrganizationId = null;
  organization.userId = null;
}
