import { DEFAULT_KEYMAP, STUDIO_ACTIONS, type Keymap, type StudioAction } from '../../../../../contract/studioKeymap';
import type { StudioKeymap } from './keyMatcher';

/** An action's own keys replacing the default's; an empty list unbinds it. */
export type KeymapOverrides = Keymap['bindings'];

/** The defaults with the user's overrides laid over them. */
export function effectiveKeymap(overrides: KeymapOverrides): StudioKeymap {
  const keymap: Record<StudioAction, readonly string[]> = { ...DEFAULT_KEYMAP };
  for (const [action, bindings] of Object.entries(overrides) as [StudioAction, string[] | undefined][]) {
    if (bindings) keymap[action] = bindings;
  }
  return keymap;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/** The overrides that make `keymap` out of the defaults: only the actions whose keys differ. */
export function overridesOf(keymap: StudioKeymap): KeymapOverrides {
  const overrides: KeymapOverrides = {};
  for (const action of STUDIO_ACTIONS) {
    if (!sameKeys(keymap[action], DEFAULT_KEYMAP[action])) overrides[action] = [...keymap[action]];
  }
  return overrides;
}

/** Whether two key maps bind the same keys to every action. */
export function sameKeymap(a: StudioKeymap, b: StudioKeymap): boolean {
  return STUDIO_ACTIONS.every((action) => sameKeys(a[action], b[action]));
}

export function isDefaultBinding(action: StudioAction, keys: readonly string[]): boolean {
  return sameKeys(keys, DEFAULT_KEYMAP[action]);
}
