import type { KeyPlatform } from './keyPlatform';

/**
 * Key bindings as contract/studioKeymap.ts writes them: modifiers in the order
 * mod, ctrl, alt, shift, then one `KeyboardEvent.code` ('mod+shift+KeyZ', 'Digit1', 'Space').
 */
export interface ParsedBinding {
  mod: boolean;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  code: string;
}

/** Physical keys that are only modifiers: they never end a binding. */
const MODIFIER_CODES = new Set([
  'ShiftLeft',
  'ShiftRight',
  'ControlLeft',
  'ControlRight',
  'AltLeft',
  'AltRight',
  'MetaLeft',
  'MetaRight',
  'OSLeft',
  'OSRight',
  'CapsLock',
  'Fn',
  'FnLock',
  'NumLock',
  'ScrollLock',
  'AltGraph',
]);

export function isModifierCode(code: string): boolean {
  return MODIFIER_CODES.has(code);
}

export function parseBinding(binding: string): ParsedBinding {
  const parts = binding.split('+');
  const code = parts.pop() ?? '';
  return {
    mod: parts.includes('mod'),
    ctrl: parts.includes('ctrl'),
    alt: parts.includes('alt'),
    shift: parts.includes('shift'),
    code,
  };
}

export function writeBinding(parsed: ParsedBinding): string {
  const mods = (['mod', 'ctrl', 'alt', 'shift'] as const).filter((m) => parsed[m]);
  return [...mods, parsed.code].join('+');
}

/**
 * The binding as the keyboard of `platform` can press it. Off Apple systems Ctrl is `mod`, so
 * 'ctrl+KeyZ' and 'mod+ctrl+KeyZ' both mean 'mod+KeyZ' there.
 */
export function canonicalBinding(binding: string, platform: KeyPlatform): string {
  const parsed = parseBinding(binding);
  if (platform === 'other' && parsed.ctrl) return writeBinding({ ...parsed, mod: true, ctrl: false });
  return writeBinding(parsed);
}

/** The key pressed as a binding, or null for a lone modifier or a combination the studio never binds. */
export function bindingFromEvent(
  event: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  platform: KeyPlatform,
): string | null {
  if (!event.code || isModifierCode(event.code)) return null;
  // The Windows/Super key belongs to the system: leave its combinations alone.
  if (platform === 'other' && event.metaKey) return null;
  return writeBinding({
    mod: platform === 'mac' ? event.metaKey : event.ctrlKey,
    ctrl: platform === 'mac' && event.ctrlKey,
    alt: event.altKey,
    shift: event.shiftKey,
    code: event.code,
  });
}
