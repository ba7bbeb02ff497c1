import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, ServiceWorkerUnsupportedError } from './registerServiceWorker';

describe('service worker registration', () => {
  it('registers /sw.js at the root scope', async () => {
    const register = vi.fn().mockResolvedValue({});
    await registerServiceWorker({ serviceWorker: { register } } as unknown as Navigator);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });
  it('ignores a failed registration silently', async () => {
    const register = vi.fn().mockRejectedValue(new Error('SecurityError'));
    await expect(
      registerServiceWorker({ serviceWorker: { register } } as unknown as Navigator),
    ).resolves.toBeUndefined();
  });
  it('throws when service workers are unsupported', () => {
    expect(() => registerServiceWorker({} as Navigator)).toThrow(ServiceWorkerUnsupportedError);
  });
});
