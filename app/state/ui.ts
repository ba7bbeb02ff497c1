import { proxy } from 'valtio';

/**
 * Client UI state of the spec (section 3). Low-frequency facts only; per-frame values never
 * live here. `persistUi.ts` restores the persisted part from localStorage after first paint.
 */
export interface LoginLockStatus {
  captchaActive: boolean;
  latestLoginTryDate: number | null;
  loginFailCount: number;
}

export interface PayInfo {
  plan: string;
  amount: number;
  orderId: string;
}

export type HeaderType = 'default' | 'transparent';

export interface UiState {
  theme: 'light' | 'dark';
  openTalk: boolean;
  headerType: HeaderType;
  showTopBtn: boolean;
  visit: boolean;
  editMode: boolean;
  loginLockStatus: LoginLockStatus;
  payInfo: PayInfo | null;
  miniNav: boolean;
}

export const initialUiState = (): UiState => ({
  theme: 'light',
  openTalk: false,
  headerType: 'default',
  showTopBtn: false,
  visit: false,
  editMode: false,
  loginLockStatus: { captchaActive: false, latestLoginTryDate: null, loginFailCount: 0 },
  payInfo: null,
  miniNav: false,
});

export const ui = proxy<UiState>(initialUiState());

export const setHeaderType = (type: HeaderType) => {
  if (ui.headerType !== type) ui.headerType = type;
};
export const setShowTopBtn = (show: boolean) => {
  if (ui.showTopBtn !== show) ui.showTopBtn = show;
};
export const setOpenTalk = (open: boolean) => {
  ui.openTalk = open;
};
export const setMiniNav = (mini: boolean) => {
  ui.miniNav = mini;
};
export const setEditMode = (on: boolean) => {
  ui.editMode = on;
};
export const markVisited = () => {
  ui.visit = true;
};
export const setPayInfo = (info: PayInfo | null) => {
  ui.payInfo = info;
};
export const setLoginLockStatus = (status: LoginLockStatus) => {
  ui.loginLockStatus = status;
};
