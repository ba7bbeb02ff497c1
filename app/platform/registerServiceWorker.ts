export class ServiceWorkerUnsupportedError extends Error {
  readonly code = 'sw_unsupported' as const;
  constructor() {
    super('Service workers are not supported in this browser');
  }
}

/**
 * Registers /sw.js (app-shell precache). Unsupported browsers get an error the caller may log;
 * a registration that fails (private mode, blocked storage) is ignored silently.
 */
export function registerServiceWorker(nav: Navigator = navigator): Promise<void> {
  if (!('serviceWorker' in nav)) throw new ServiceWorkerUnsupportedError();
  return nav.serviceWorker.register('/sw.js', { scope: '/' }).then(
    () => undefined,
    () => undefined,
  );
}
