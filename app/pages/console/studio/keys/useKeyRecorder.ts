import { useEffect, useRef } from 'react';
import { keyBindingSchema } from '../../../../../contract/studioKeymap';
import { bindingFromEvent, isModifierCode } from './keyBinding';
import type { KeyPlatform } from './keyPlatform';

export interface KeyRecorderEvents {
  /** The next key pressed with its modifiers, as a binding ('mod+shift+KeyZ'). */
  onRecord: (binding: string) => void;
  /** Esc (alone) was pressed. */
  onCancel: () => void;
  /** A key no binding can name. */
  onUnsupported: () => void;
}

/**
 * While `active`, takes the next key press (its `event.code` and modifiers) before anything else
 * on the page hears it: Tab, Esc and Ctrl+S are recorded or cancel here, never moving focus,
 * closing a dialog or saving the page. Modifiers alone wait for the key they go with. The
 * release of the recorded key is swallowed too, so a Space recorded on a focused button does not
 * click it.
 */
export function useKeyRecorder(active: boolean, platform: KeyPlatform, events: KeyRecorderEvents): void {
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });
  const releaseToSwallow = useRef<string | null>(null);

  useEffect(() => {
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.code !== releaseToSwallow.current) return;
      releaseToSwallow.current = null;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keyup', onKeyUp, true);
    return () => window.removeEventListener('keyup', onKeyUp, true);
  }, []);

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
      if (event.repeat) return;
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
      if (event.code === 'Escape' && plain) {
        releaseToSwallow.current = event.code;
        latest.current.onCancel();
        return;
      }
      const binding = bindingFromEvent(event, platform);
      if (binding === null) {
        // A modifier on its own: wait for the key. Anything else (the Windows key) cannot be bound.
        if (!isModifierCode(event.code)) latest.current.onUnsupported();
        return;
      }
      releaseToSwallow.current = event.code;
      if (keyBindingSchema.safeParse(binding).success) latest.current.onRecord(binding);
      else latest.current.onUnsupported();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [active, platform]);
}
