import { subscribe } from 'valtio';
import { z } from 'zod';
import { ui, type UiState } from './ui';

/**
 * Persists the durable part of the UI state (the login lock, the console's collapsed navigation)
 * in localStorage. Started by the code of the pages that read it (pages/auth/loginLock.ts, the
 * console layout), so other pages carry no validator. Each stored field is checked with zod on
 * its own and ignored when it does not match, so one bad field never costs the others.
 */
export const PERSIST_KEY = 'ui-state';

type Persisted = Pick<UiState, 'loginLockStatus' | 'miniNav'>;

const fieldSchemas: { [K in keyof Persisted]: z.ZodType<Persisted[K]> } = {
  loginLockStatus: z.object({
    captchaActive: z.boolean(),
    latestLoginTryDate: z.number().nullable(),
    loginFailCount: z.number().int().min(0),
  }),
  miniNav: z.boolean(),
};

function restoreUi(storage: Pick<Storage, 'getItem'>): void {
  try {
    const raw = storage.getItem(PERSIST_KEY);
    if (!raw) return;
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return;
    const record = stored as Record<string, unknown>;
    const lock = fieldSchemas.loginLockStatus.safeParse(record.loginLockStatus);
    if (lock.success) ui.loginLockStatus = lock.data;
    const mini = fieldSchemas.miniNav.safeParse(record.miniNav);
    if (mini.success) ui.miniNav = mini.data;
  } catch {
    // Unreadable or disabled storage: start from defaults.
  }
}

export function persistUi(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): () => void {
  restoreUi(storage);
  return subscribe(ui, () => {
    const persisted: Persisted = { loginLockStatus: ui.loginLockStatus, miniNav: ui.miniNav };
    try {
      storage.setItem(PERSIST_KEY, JSON.stringify(persisted));
    } catch {
      // Storage full or disabled: the state still works for this tab.
    }
  });
}

let started = false;

/** Starts the persistence of the page's own storage once, whichever page needs it first. */
export function ensureUiPersisted(): void {
  if (started || typeof localStorage === 'undefined') return;
  started = true;
  persistUi();
}
