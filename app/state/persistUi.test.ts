import { afterEach, describe, expect, it } from 'vitest';
import { PERSIST_KEY, persistUi } from './persistUi';
import { initialUiState, setLoginLockStatus, setMiniNav, ui } from './ui';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('persistUi', () => {
  afterEach(() => Object.assign(ui, initialUiState()));

  it('restores the login lock and drops keys it no longer keeps', () => {
    const lock = { captchaActive: true, latestLoginTryDate: 1_700_000_000_000, loginFailCount: 5 };
    const storage = memoryStorage({
      [PERSIST_KEY]: JSON.stringify({ visit: true, theme: 'dark', loginLockStatus: lock }),
    });
    const stop = persistUi(storage);
    stop();
    expect(ui.loginLockStatus).toEqual(lock);
    expect(Object.keys(ui).sort()).toEqual(['headerType', 'loginLockStatus', 'miniNav', 'showTopBtn']);
  });

  it('ignores stored data that does not match', () => {
    const storage = memoryStorage({ [PERSIST_KEY]: JSON.stringify({ loginLockStatus: { loginFailCount: -1 } }) });
    persistUi(storage)();
    expect(ui.loginLockStatus).toEqual(initialUiState().loginLockStatus);
  });

  it('writes only the login lock and the collapsed navigation back', async () => {
    const storage = memoryStorage();
    const stop = persistUi(storage);
    const lock = { captchaActive: false, latestLoginTryDate: 1, loginFailCount: 2 };
    setLoginLockStatus(lock);
    setMiniNav(true);
    // valtio notifies subscribers after the current task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(JSON.parse(storage.getItem(PERSIST_KEY) ?? 'null')).toEqual({ loginLockStatus: lock, miniNav: true });
  });

  it('restores the collapsed navigation, and keeps a valid field when another one is not', () => {
    const storage = memoryStorage({
      [PERSIST_KEY]: JSON.stringify({ loginLockStatus: { loginFailCount: 'x' }, miniNav: true }),
    });
    persistUi(storage)();
    expect(ui.miniNav).toBe(true);
    expect(ui.loginLockStatus).toEqual(initialUiState().loginLockStatus);
  });

  it('ignores a collapsed flag that is not a boolean, and stored text that is not JSON', () => {
    persistUi(memoryStorage({ [PERSIST_KEY]: JSON.stringify({ miniNav: 'yes' }) }))();
    expect(ui.miniNav).toBe(false);
    persistUi(memoryStorage({ [PERSIST_KEY]: '{not json' }))();
    expect(ui.miniNav).toBe(false);
  });
});
