import { navigate } from 'wouter/use-browser-location';
import { setLoggedOut } from '../state/auth';
import { loginHrefFromLocation } from './loginRedirect';
import { clearTokens } from './tokenStorage';

/**
 * The session cannot be renewed (the refresh token was refused): forget the tokens and the
 * user, and send the browser to /login remembering the page it was on.
 */
export function expireSession(): void {
  clearTokens();
  setLoggedOut();
  navigate(loginHrefFromLocation(), { replace: true });
}
