import { parseBinding } from './keyBinding';
import type { KeyPlatform } from './keyPlatform';

/** Names of keys whose `code` is not what the key shows (US layout, as the guide prints them). */
const KEY_NAMES: Readonly<Record<string, string>> = {
  Space: 'Space',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Enter: 'Enter',
  NumpadEnter: 'Enter',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  IntlBackslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  Comma: ',',
  Period: '.',
  Slash: '/',
  NumpadAdd: 'Num +',
  NumpadSubtract: 'Num -',
  NumpadMultiply: 'Num *',
  NumpadDivide: 'Num /',
  NumpadDecimal: 'Num .',
  NumpadEqual: 'Num =',
  ContextMenu: 'Menu',
};

/** What Shift turns a key into on a US layout: 'shift+Slash' reads '?' rather than Shift + '/'. */
const SHIFTED: Readonly<Record<string, string>> = {
  Slash: '?',
  Equal: '+',
};

function keyName(code: string): string {
  const named = KEY_NAMES[code];
  if (named) return named;
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1]!;
  const digit = /^Digit(\d)$/.exec(code);
  if (digit) return digit[1]!;
  const numpad = /^Numpad(\d)$/.exec(code);
  if (numpad) return `Num ${numpad[1]!}`;
  return code;
}

/**
 * The keys to show for a binding, one entry per key pressed together: ['Ctrl', 'Shift', 'Z'] or on
 * macOS ['⌘', '⇧', 'Z']; 'shift+Slash' is ['?'] and 'shift+Equal' ['+'] as the keycaps print them.
 */
export function formatBinding(binding: string, platform: KeyPlatform): string[] {
  const { mod, ctrl, alt, shift, code } = parseBinding(binding);
  const mac = platform === 'mac';
  const shiftedKey = shift && !mod && !ctrl && !alt ? SHIFTED[code] : undefined;
  if (shiftedKey) return [shiftedKey];
  const keys: string[] = [];
  // In the binding's own order (mod, ctrl, alt, shift), as the guide has always written Ctrl+Shift+Z.
  if (mod) keys.push(mac ? '⌘' : 'Ctrl');
  if (ctrl && (mac || !mod)) keys.push(mac ? '⌃' : 'Ctrl');
  if (alt) keys.push(mac ? '⌥' : 'Alt');
  if (shift) keys.push(mac ? '⇧' : 'Shift');
  keys.push(keyName(code));
  return keys;
}
