import { lazy, type ComponentType } from 'react';
import { isChunkLoadError, reloadOnceAMinute } from './chunkReload';

/**
 * React.lazy with the chunk reload guard: a failed chunk reloads the page (once a minute);
 * otherwise the error reaches the nearest error boundary, which shows the error page.
 */
export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      if (
        isChunkLoadError(error) &&
        reloadOnceAMinute({ storage: localStorage, now: Date.now, reload: () => location.reload() })
      ) {
        // Keep suspended until the reload replaces the page.
        return new Promise<{ default: T }>(() => {});
      }
      throw error;
    }
  });
}
