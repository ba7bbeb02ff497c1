import { useEffect, useRef } from 'react';

/** Elements whose own keys (typing, slider steps) must not trigger the viewer's shortcuts. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Page-wide keyboard shortcuts, keyed by `KeyboardEvent.key`. Keys typed into form fields, keys
 * with Ctrl/⌘/Alt, and keys the engine already used (default prevented) are left alone.
 */
export function useShortcuts(bindings: Record<string, (() => void) | undefined>): void {
  const current = useRef(bindings);
  useEffect(() => {
    current.current = bindings;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isEditable(e.target)) return;
      const action = current.current[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
