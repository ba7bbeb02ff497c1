import { href, paths } from '../../../contract/routes';

/**
 * The signed-in user's own pages, in the order the avatar menu and the narrow-screen drawer list
 * them. Texts are keys of the `consoleNav` namespace.
 */
export function accountLinks(email: string): { key: 'profile' | 'mySettings' | 'organization'; href: string }[] {
  return [
    { key: 'profile', href: href.consoleUser(email) },
    { key: 'mySettings', href: paths.consoleSettings },
    { key: 'organization', href: paths.consoleOrganization },
  ];
}

/** Logout (POST auth/logout, then clear tokens and user data); its code loads on use. */
export async function logout(): Promise<void> {
  const session = await import('../../api/session');
  await session.logout();
}
