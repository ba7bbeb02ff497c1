import { STUDIO_ACTIONS, type StudioAction } from '../../../../../contract/studioKeymap';
import { canonicalBinding } from './keyBinding';
import type { StudioKeymap } from './keyMatcher';

/** One key press bound to more than one action. */
export interface KeyConflict {
  /** The binding as the first of the actions has it. */
  binding: string;
  /** In STUDIO_ACTIONS order. */
  actions: StudioAction[];
}

/**
 * Bindings that two actions share. Every studio action is live at once (a tool key, an edit key
 * and an image key all act on the same canvas), so any shared key is a conflict. A saved map
 * follows the user between computers, so keys are compared as a non-Apple keyboard presses them
 * (where Ctrl is `mod`), which also catches every clash on macOS.
 */
export function findConflicts(keymap: Partial<StudioKeymap>): KeyConflict[] {
  const byKey = new Map<string, KeyConflict>();
  for (const action of STUDIO_ACTIONS) {
    for (const binding of keymap[action] ?? []) {
      const key = canonicalBinding(binding, 'other');
      const found = byKey.get(key);
      if (!found) byKey.set(key, { binding, actions: [action] });
      else if (!found.actions.includes(action)) found.actions.push(action);
    }
  }
  return [...byKey.values()].filter((c) => c.actions.length > 1);
}

/** The actions that share a key with `action`. */
export function conflictsOf(conflicts: readonly KeyConflict[], action: StudioAction): KeyConflict[] {
  return conflicts.filter((c) => c.actions.includes(action));
}
