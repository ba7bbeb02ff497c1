import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../../contract/apiAuth';
import { setLoginLockStatus, ui } from '../../state/ui';

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
