import { STUDIO_ACTIONS, type StudioAction } from '../../../../../contract/studioKeymap';
import { bindingFromEvent, canonicalBinding } from './keyBinding';
import type { KeyPlatform } from './keyPlatform';

/** An effective key map: every action with its bindings. */
export type StudioKeymap = Readonly<Record<StudioAction, readonly string[]>>;

/** Actions that act again while their key is held (auto-repeat); every other acts once per press. */
export const REPEATING_ACTIONS: ReadonlySet<StudioAction> = new Set<StudioAction>([
  'nudgeUp',
  'nudgeDown',
  'nudgeLeft',
  'nudgeRight',
  'zoomIn',
  'zoomOut',
  'undo',
  'redo',
  'cycleNext',
  'cyclePrevious',
]);

/**
 * Matches keyboard events to actions on the physical key (`event.code`) and the modifiers, never
 * on `event.key`: with the Korean IME on, `key` is 'Process' or a Hangul letter while `code`
 * still names the key ('KeyB'), and other Latin layouts keep the keys where the map put them.
 * Modifiers match exactly, so 'mod+KeyZ' (undo) never fires for 'mod+shift+KeyZ' (redo).
 */
export interface KeyMatcher {
  /** The actions bound to this key press, in STUDIO_ACTIONS order (more than one only on a conflict). */
  match(event: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): StudioAction[];
}

export function createKeyMatcher(keymap: StudioKeymap, platform: KeyPlatform): KeyMatcher {
  const byBinding = new Map<string, StudioAction[]>();
  for (const action of STUDIO_ACTIONS) {
    for (const binding of keymap[action]) {
      const key = canonicalBinding(binding, platform);
      const actions = byBinding.get(key) ?? [];
      if (!actions.includes(action)) actions.push(action);
      byBinding.set(key, actions);
    }
  }
  return {
    match(event) {
      const binding = bindingFromEvent(event, platform);
      return binding === null ? [] : (byBinding.get(binding) ?? []);
    },
  };
}
