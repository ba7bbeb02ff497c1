import { z } from 'zod';

/*
 * The labeling studio's key map: one table, read by the studio (app/pages/console/studio/),
 * its cheat sheet and settings panel, and the guide's shortcut table (app/pages/docs/).
 *
 * A binding is modifiers then one physical key, as `KeyboardEvent.code` names it:
 * 'mod+shift+KeyZ', 'Digit1', 'Space', 'ArrowLeft'. `mod` is Ctrl, or ⌘ on macOS. Keys are matched
 * on the physical key so shortcuts act while an IME (Korean) is on, where `event.key` is 'Process'
 * or a Hangul letter.
 *
 * GET auth/user/keymap → `keymapSchema` (the user's own overrides; `{ bindings: {} }` when none).
 * PUT auth/user/keymap `keymapSchema` → 200 `keymapSchema`: replaces the user's overrides. An action
 * not in `bindings` uses DEFAULT_KEYMAP; an empty list unbinds it.
 */

/** Every action the studio binds to keys, in the order the cheat sheet lists them. */
export const STUDIO_ACTIONS = [
  'select',
  'pan',
  'panHold',
  'box',
  'polygon',
  'assistPoint',
  'assistAi',
  'zoomIn',
  'zoomOut',
  'fit',
  'zoomToSelection',
  'fullscreen',
  'label1',
  'label2',
  'label3',
  'label4',
  'label5',
  'label6',
  'label7',
  'label8',
  'label9',
  'nudgeUp',
  'nudgeDown',
  'nudgeLeft',
  'nudgeRight',
  'delete',
  'selectAll',
  'copy',
  'paste',
  'copyPrevious',
  'cycleNext',
  'cyclePrevious',
  'toggleHidden',
  'toggleLocked',
  'hideAll',
  'undo',
  'redo',
  'save',
  'previousImage',
  'nextImage',
  'confirm',
  'cancel',
  'cheatSheet',
] as const;
export type StudioAction = (typeof STUDIO_ACTIONS)[number];

export const KEY_MODIFIERS = ['mod', 'ctrl', 'alt', 'shift'] as const;

/** 'mod+shift+KeyZ': modifiers in KEY_MODIFIERS order, then a KeyboardEvent.code. */
export const KEY_BINDING_PATTERN = /^(mod\+)?(ctrl\+)?(alt\+)?(shift\+)?[A-Z][A-Za-z0-9]{1,24}$/;
export const keyBindingSchema = z.string().max(48).regex(KEY_BINDING_PATTERN);

/** Most keys one action may have. */
export const BINDINGS_PER_ACTION_MAX = 4;

/** The keys every user starts with (the guide documents these). */
export const DEFAULT_KEYMAP: Readonly<Record<StudioAction, readonly string[]>> = {
  select: ['KeyV'],
  pan: ['KeyH'],
  panHold: ['Space'],
  box: ['KeyB'],
  polygon: ['KeyP'],
  assistPoint: ['KeyQ'],
  assistAi: ['KeyI'],
  zoomIn: ['Equal', 'shift+Equal', 'NumpadAdd'],
  zoomOut: ['Minus', 'NumpadSubtract'],
  fit: ['Digit0', 'Numpad0'],
  zoomToSelection: ['KeyZ'],
  fullscreen: ['KeyF'],
  label1: ['Digit1'],
  label2: ['Digit2'],
  label3: ['Digit3'],
  label4: ['Digit4'],
  label5: ['Digit5'],
  label6: ['Digit6'],
  label7: ['Digit7'],
  label8: ['Digit8'],
  label9: ['Digit9'],
  nudgeUp: ['ArrowUp', 'shift+ArrowUp'],
  nudgeDown: ['ArrowDown', 'shift+ArrowDown'],
  nudgeLeft: ['ArrowLeft', 'shift+ArrowLeft'],
  nudgeRight: ['ArrowRight', 'shift+ArrowRight'],
  delete: ['Delete', 'Backspace'],
  selectAll: ['mod+KeyA'],
  copy: ['mod+KeyC'],
  paste: ['mod+KeyV'],
  copyPrevious: ['mod+shift+KeyV'],
  cycleNext: ['Tab'],
  cyclePrevious: ['shift+Tab'],
  toggleHidden: ['KeyX'],
  toggleLocked: ['KeyL'],
  hideAll: ['shift+KeyX'],
  undo: ['mod+KeyZ'],
  redo: ['mod+shift+KeyZ', 'mod+KeyY'],
  save: ['mod+KeyS'],
  previousImage: ['KeyA'],
  nextImage: ['KeyD'],
  confirm: ['Enter', 'NumpadEnter'],
  cancel: ['Escape'],
  cheatSheet: ['shift+Slash'],
};

/** A user's overrides: action → its keys (replacing the default's). */
export const keymapSchema = z
  .object({
    bindings: z.partialRecord(z.enum(STUDIO_ACTIONS), z.array(keyBindingSchema).max(BINDINGS_PER_ACTION_MAX)),
  })
  .strict();
export type Keymap = z.infer<typeof keymapSchema>;
