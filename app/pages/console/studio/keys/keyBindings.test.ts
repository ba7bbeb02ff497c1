import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYMAP, keyBindingSchema, type StudioAction } from '../../../../../contract/studioKeymap';
import { findConflicts } from './findConflicts';
import { formatBinding } from './formatBinding';
import { bindingFromEvent, canonicalBinding } from './keyBinding';
import { createKeyMatcher } from './keyMatcher';
import { detectPlatform } from './keyPlatform';
import { effectiveKeymap } from './effectiveKeymap';

const press = (code: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('formatBinding', () => {
  it('writes Ctrl off macOS and the symbols on macOS', () => {
    expect(formatBinding('mod+shift+KeyZ', 'other')).toEqual(['Ctrl', 'Shift', 'Z']);
    expect(formatBinding('mod+shift+KeyZ', 'mac')).toEqual(['⌘', '⇧', 'Z']);
    expect(formatBinding('mod+KeyS', 'mac')).toEqual(['⌘', 'S']);
    expect(formatBinding('ctrl+alt+KeyK', 'mac')).toEqual(['⌃', '⌥', 'K']);
    expect(formatBinding('ctrl+alt+KeyK', 'other')).toEqual(['Ctrl', 'Alt', 'K']);
  });

  it('names keys as the keycaps print them', () => {
    expect(formatBinding('Space', 'other')).toEqual(['Space']);
    expect(formatBinding('ArrowLeft', 'mac')).toEqual(['←']);
    expect(formatBinding('shift+ArrowUp', 'other')).toEqual(['Shift', '↑']);
    expect(formatBinding('Digit1', 'other')).toEqual(['1']);
    expect(formatBinding('Escape', 'other')).toEqual(['Esc']);
    expect(formatBinding('Minus', 'other')).toEqual(['-']);
    expect(formatBinding('shift+Slash', 'other')).toEqual(['?']);
    expect(formatBinding('shift+Equal', 'mac')).toEqual(['+']);
    expect(formatBinding('NumpadAdd', 'other')).toEqual(['Num +']);
  });
});

describe('bindingFromEvent', () => {
  it('reads mod as Ctrl off macOS and ⌘ on macOS', () => {
    expect(bindingFromEvent(press('KeyZ', { ctrlKey: true, shiftKey: true }), 'other')).toBe('mod+shift+KeyZ');
    expect(bindingFromEvent(press('KeyZ', { metaKey: true, shiftKey: true }), 'mac')).toBe('mod+shift+KeyZ');
    expect(bindingFromEvent(press('KeyZ', { ctrlKey: true }), 'mac')).toBe('ctrl+KeyZ');
    expect(bindingFromEvent(press('KeyZ', { metaKey: true }), 'other')).toBeNull();
  });

  it('ignores a lone modifier', () => {
    expect(bindingFromEvent(press('ShiftLeft', { shiftKey: true }), 'other')).toBeNull();
    expect(bindingFromEvent(press('', {}), 'other')).toBeNull();
  });

  it('writes only bindings the contract accepts', () => {
    for (const event of [
      press('KeyA', { ctrlKey: true, altKey: true, shiftKey: true }),
      press('F12'),
      press('Digit0'),
    ]) {
      expect(keyBindingSchema.safeParse(bindingFromEvent(event, 'other')).success).toBe(true);
    }
  });

  it('folds ctrl into mod off macOS', () => {
    expect(canonicalBinding('ctrl+KeyZ', 'other')).toBe('mod+KeyZ');
    expect(canonicalBinding('ctrl+KeyZ', 'mac')).toBe('ctrl+KeyZ');
  });
});

describe('createKeyMatcher', () => {
  const matcher = createKeyMatcher(DEFAULT_KEYMAP, 'other');

  it('tells undo from redo by Shift', () => {
    expect(matcher.match(press('KeyZ', { ctrlKey: true }))).toEqual(['undo']);
    expect(matcher.match(press('KeyZ', { ctrlKey: true, shiftKey: true }))).toEqual(['redo']);
    expect(matcher.match(press('KeyY', { ctrlKey: true }))).toEqual(['redo']);
    expect(matcher.match(press('KeyZ'))).toEqual(['zoomToSelection']);
  });

  it('needs the exact modifiers', () => {
    expect(matcher.match(press('KeyB', { altKey: true }))).toEqual([]);
    expect(matcher.match(press('KeyS'))).toEqual([]);
    expect(matcher.match(press('KeyS', { ctrlKey: true }))).toEqual(['save']);
    expect(matcher.match(press('Slash', { shiftKey: true }))).toEqual(['cheatSheet']);
  });

  it('uses ⌘ for mod on macOS, and Ctrl there is another key', () => {
    const mac = createKeyMatcher(DEFAULT_KEYMAP, 'mac');
    expect(mac.match(press('KeyZ', { metaKey: true }))).toEqual(['undo']);
    expect(mac.match(press('KeyZ', { ctrlKey: true }))).toEqual([]);
  });
});

describe('findConflicts', () => {
  it('finds none in the default key map', () => {
    expect(findConflicts(DEFAULT_KEYMAP)).toEqual([]);
  });

  it('finds two actions on one key, and ctrl against mod', () => {
    const keymap = effectiveKeymap({ box: ['KeyV'], undo: ['ctrl+KeyZ'], nextImage: ['KeyD', 'KeyN'] });
    expect(findConflicts(keymap)).toEqual([{ binding: 'KeyV', actions: ['select', 'box'] }]);
    const clash = effectiveKeymap({ save: ['mod+KeyZ'], selectAll: ['ctrl+KeyZ'] });
    expect(findConflicts(clash)).toEqual([{ binding: 'ctrl+KeyZ', actions: ['selectAll', 'undo', 'save'] }]);
  });

  it('does not count one action listing a key twice, or keys told apart by a modifier', () => {
    expect(findConflicts(effectiveKeymap({ box: ['KeyB', 'KeyB'], select: ['shift+KeyB'] }))).toEqual([]);
  });
});

describe('effectiveKeymap', () => {
  it('lays overrides over the defaults; an empty list unbinds', () => {
    const keymap = effectiveKeymap({ box: ['KeyR'], fit: [] });
    expect(keymap.box).toEqual(['KeyR']);
    expect(keymap.fit).toEqual([]);
    expect(keymap.select).toEqual(DEFAULT_KEYMAP.select);
    expect(Object.keys(keymap).sort()).toEqual(Object.keys(DEFAULT_KEYMAP).sort() as StudioAction[]);
  });
});

describe('detectPlatform', () => {
  it('recognises Apple systems', () => {
    expect(detectPlatform({ platform: 'MacIntel' })).toBe('mac');
    expect(detectPlatform({ userAgentData: { platform: 'macOS' } })).toBe('mac');
    expect(detectPlatform({ platform: 'Win32' })).toBe('other');
    expect(detectPlatform(undefined)).toBe('other');
  });
});
