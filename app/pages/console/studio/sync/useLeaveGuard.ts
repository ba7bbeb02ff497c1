import { useEffect } from 'react';

/**
 * Asks before the page is closed or reloaded, only while edits are unsynced (RELIABILITY 17):
 * the journal keeps them either way, but they reach the server only while a page of this app
 * is open. Browsers show their own text for this prompt.
 */
export function useLeaveGuard(unsynced: number): void {
  const guard = unsynced > 0;
  useEffect(() => {
    if (!guard) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guard]);
}
