import { DEFAULT_KEYMAP, type Keymap, type StudioAction } from '../../../../../contract/studioKeymap';
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
