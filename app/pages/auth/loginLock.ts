import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../../contract/apiAuth';
import { persistUi } from '../../state/persistUi';
import { setLoginLockStatus, ui } from '../../state/ui';

// The lock is the only persisted UI state, so it is restored (and kept) from the moment the login
// page's code loads, not on every page: the landing page then carries no validator.
persistUi();

/**
 * The login lock the client keeps (spec section 3, `loginLockStatus`): failures are counted and
 * the captcha shows once the server asks for it or after five failures. The server decides;
 * this only keeps the captcha on screen across reloads (the ui state is persisted).
 */
export function loginFailed(captchaRequired: boolean): void {
  const loginFailCount = ui.loginLockStatus.loginFailCount + 1;
  setLoginLockStatus({
    loginFailCount,
    latestLoginTryDate: Date.now(),
    captchaActive:
      captchaRequired || ui.loginLockStatus.captchaActive || loginFailCount >= LOGIN_FAILURES_BEFORE_CAPTCHA,
  });
}

export function loginSucceeded(): void {
  setLoginLockStatus({ loginFailCount: 0, latestLoginTryDate: Date.now(), captchaActive: false });
}
