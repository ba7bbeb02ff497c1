import { useEffect, useMemo, useRef } from 'react';
import type { StudioAction } from '../../../../../contract/studioKeymap';
import { belongsToPage } from './keyTargets';
import { createKeyMatcher, REPEATING_ACTIONS } from './keyMatcher';
import { detectPlatform, type KeyPlatform } from './keyPlatform';
import { useKeymap } from './useKeymap';

export type StudioKeyHandlers = Partial<Record<StudioAction, (e: KeyboardEvent) => void>>;

export interface StudioKeysOptions {
  /** False while the studio must not hear keys (a dialog over it, a read-only moment). Default true. */
  enabled?: boolean;
  /** The pan-hold key (Space) went down (true) or up (false); up also comes when the window loses focus. */
  onPanHold?: (down: boolean) => void;
  /** Which modifier `mod` is; detected from the browser when left out. */
  platform?: KeyPlatform;
}

/**
 * The studio's keyboard: runs `handlers[action]` when a key of the user's key map is pressed.
 *
 * Listens on window in the capture phase, so a focused slider, switch or button cannot swallow
 * the studio's keys; stands aside while the user types in a text field or works in a modal
 * dialog. A handled key's default is prevented and it goes no further (Ctrl+S opens no save
 * dialog, Tab moves no focus, a focused slider does not step as well); keys without a handler
 * are left to the browser. Held keys repeat only the actions in REPEATING_ACTIONS.
 */
export function useStudioKeys(handlers: StudioKeyHandlers, options: StudioKeysOptions = {}): void {
  const { enabled = true, platform: platformOption } = options;
  const { keymap } = useKeymap();
  const platform = platformOption ?? detectPlatform();
  const matcher = useMemo(() => createKeyMatcher(keymap, platform), [keymap, platform]);

  const latest = useRef({ handlers, onPanHold: options.onPanHold });
  useEffect(() => {
    latest.current = { handlers, onPanHold: options.onPanHold };
  });

  useEffect(() => {
    if (!enabled) return;
    // The physical key holding the pan, so its release ends it whatever modifiers changed meanwhile.
    let panCode: string | null = null;
    const endPan = () => {
      if (panCode === null) return;
      panCode = null;
      latest.current.onPanHold?.(false);
    };
    const swallow = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || belongsToPage(event)) return;
      const { handlers: current, onPanHold } = latest.current;
      const action = matcher.match(event).find((a) => (a === 'panHold' ? onPanHold : current[a]) !== undefined);
      if (!action) return;
      swallow(event);
      if (action === 'panHold') {
        if (panCode !== null) return;
        panCode = event.code;
        onPanHold?.(true);
        return;
      }
      if (event.repeat && !REPEATING_ACTIONS.has(action)) return;
      current[action]?.(event);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (panCode === null || event.code !== panCode) return;
      // Its keyup too: a button that still has focus would otherwise click on Space's release.
      swallow(event);
      endPan();
    };

    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('blur', endPan);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
      window.removeEventListener('blur', endPan);
      endPan();
    };
  }, [enabled, matcher]);
}
