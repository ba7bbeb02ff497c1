import { proxy } from 'valtio';

/**
 * Client UI state the pages share (spec section 3). Low-frequency facts only; per-frame values
 * never live here. `persistUi.ts` restores the persisted part when the login page loads.
 * The spec's other client fields (theme, openTalk, visit, editMode, payInfo) join this store with
 * the first page that reads them. `miniNav`: the console's side navigation shows icons only.
 */
export interface LoginLockStatus {
  captchaActive: boolean;
  latestLoginTryDate: number | null;
  loginFailCount: number;
}

export type HeaderType = 'default' | 'transparent';

export interface UiState {
  headerType: HeaderType;
  showTopBtn: boolean;
  loginLockStatus: LoginLockStatus;
  miniNav: boolean;
}

export const initialUiState = (): UiState => ({
  headerType: 'default',
  showTopBtn: false,
  loginLockStatus: { captchaActive: false, latestLoginTryDate: null, loginFailCount: 0 },
  miniNav: false,
});

export const ui = proxy<UiState>(initialUiState());

export const setHeaderType = (type: HeaderType) => {
  if (ui.headerType !== type) ui.headerType = type;
};
export const setShowTopBtn = (show: boolean) => {
  if (ui.showTopBtn !== show) ui.showTopBtn = show;
};
export const setLoginLockStatus = (status: LoginLockStatus) => {
  ui.loginLockStatus = status;
};
export const setMiniNav = (mini: boolean) => {
  if (ui.miniNav !== mini) ui.miniNav = mini;
};
