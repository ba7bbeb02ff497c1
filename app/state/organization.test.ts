// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { setLoggedIn, setLoggedOut, type AuthUser } from './auth';
import { organization, reconcileOrganization, setCurrentOrganization } from './organization';

const user = (id: string): AuthUser => ({
  id,
  name: 'Kim',
  email: `${id}@maru.ai`,
  avatar: null,
  introduction: '',
  scope: ['user'],
  notifications: { notice: true, training: false, market: false },
  createdAt: '2026-01-01T00:00:00Z',
});

beforeEach(() => {
  localStorage.clear();
  setLoggedOut();
});

describe('current organization', () => {
  it('starts in Personal and remembers a switch for the signed-in user only', () => {
    setLoggedIn(user('u1'));
    expect(organization.currentOrganizationId).toBeNull();
    setCurrentOrganization('o1');
    setLoggedOut();
    expect(organization.currentOrganizationId).toBeNull();

    setLoggedIn(user('u2'));
    expect(organization.currentOrganizationId).toBeNull();
    setLoggedOut();

    setLoggedIn(user('u1'));
    expect(organization.currentOrganizationId).toBe('o1');
  });

  it('forgets the choice on a switch back to Personal', () => {
    setLoggedIn(user('u1'));
    setCurrentOrganization('o1');
    setCurrentOrganization(null);
    setLoggedOut();
    setLoggedIn(user('u1'));
    expect(organization.currentOrganizationId).toBeNull();
  });

  it('falls back to Personal when the organization is no longer one of the user’s', () => {
    setLoggedIn(user('u1'));
    setCurrentOrganization('gone');
    reconcileOrganization(['o1', 'o2']);
    expect(organization.currentOrganizationId).toBeNull();
    setLoggedOut();
    setLoggedIn(user('u1'));
    expect(organization.currentOrganizationId).toBeNull();
  });

  it('keeps an organization the user still belongs to', () => {
    setLoggedIn(user('u1'));
    setCurrentOrganization('o2');
    reconcileOrganization(['o1', 'o2']);
    expect(organization.currentOrganizationId).toBe('o2');
  });

  it('logout clears the current organization at once', () => {
    setLoggedIn(user('u1'));
    setCurrentOrganization('o1');
    setLoggedOut();
    expect(organization).toMatchObject({ currentOrganizationId: null, userId: null });
  });
});
