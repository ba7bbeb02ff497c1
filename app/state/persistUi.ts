import { subscribe } from 'valtio';
import { z } from 'zod';
import { ui } from './ui';

/**
 * Persists the durable part of the UI state (the login lock) in localStorage. Started by the
 * login page's code (pages/auth/loginLock.ts), its only reader, so other pages carry no
 * validator; stored data is checked with zod and ignored when it does not match.
 */
export const PERSIST_KEY = 'ui-state';

const persistedUiSchema = z.object({
  loginLockStatus: z.object({
    captchaActive: z.boolean(),
    latestLoginTryDate: z.number().nullable(),
    loginFailCount: z.number().int().min(0),
  }),
});

function restoreUi(storage: Pick<Storage, 'getItem'> = localStorage): void {
  try {
    const raw = storage.getItem(PERSIST_KEY);
    if (!raw) return;
    const parsed = persistedUiSchema.safeParse(JSON.parse(raw));
    if (parsed.success) Object.assign(ui, parsed.data);
  } catch {
    // Unreadable or disabled storage: start from defaults.
  }
}

export function persistUi(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): () => void {
  restoreUi(storage);
  return subscribe(ui, () => {
    try {
      storage.setItem(PERSIST_KEY, JSON.stringify({ loginLockStatus: ui.loginLockStatus }));
    } catch {
      // Storage full or disabled: the state still works for this tab.
    }
  });
}
