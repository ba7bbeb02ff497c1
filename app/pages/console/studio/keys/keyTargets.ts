/**
 * Which keystrokes belong to the page's own controls rather than to the studio.
 *
 * The studio listens on window in the capture phase, so it sees every key before a focused
 * control does. It stands aside only for text entry (typing must never draw or delete), modal
 * dialogs and open menus (their own keys; also the key recorder), and Enter/Space on a button that
 * has keyboard focus (activating it). A slider, switch or button used with the pointer keeps no claim on the
 * studio's keys: that is the fix for arrows dying once a slider had been touched.
 */

/** Marks a region that keeps every key to itself (the key map settings, which record keys). */
export const OWN_KEYS_ATTRIBUTE = 'data-own-keys';

/** Input types that take keys as data; every other type (range, checkbox, button…) does not. */
const NON_TEXT_INPUT_TYPES = new Set([
  'range',
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'file',
  'color',
  'image',
  'hidden',
]);

const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** Where a keystroke is typing: text inputs, text areas, selects and editable content. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUT_TYPES.has(target.type) && !target.readOnly;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (target instanceof HTMLSelectElement) return true;
  const role = target.getAttribute('role');
  return role !== null && TEXT_ROLES.has(role);
}

/**
 * Inside an open modal dialog (the cheat sheet, a confirmation), an open menu or list box (arrows,
 * Enter and Esc drive it until it closes), or a region marked with OWN_KEYS_ATTRIBUTE.
 */
export function isInOwnKeysRegion(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest(`[aria-modal="true"], [role="menu"], [role="listbox"], [${OWN_KEYS_ATTRIBUTE}]`) !== null
  );
}

const ACTIVATABLE =
  'button, a[href], summary, input[type="button"], input[type="submit"], input[type="reset"], ' +
  'input[type="checkbox"], input[type="radio"], [role="button"], [role="switch"], [role="checkbox"], ' +
  '[role="radio"], [role="menuitem"], [role="tab"], [role="option"], [role="link"]';

function matchesFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * Enter or Space on a button reached with the keyboard activates it, as everywhere else. After a
 * click the browser does not mark the button `:focus-visible`, so Space then pans and Enter
 * confirms, as if the button had never taken focus.
 */
export function isControlActivation(event: Pick<KeyboardEvent, 'code' | 'target'>): boolean {
  if (event.code !== 'Enter' && event.code !== 'NumpadEnter' && event.code !== 'Space') return false;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  const control = target.closest(ACTIVATABLE);
  return control !== null && control === target && matchesFocusVisible(control);
}

/** Whether the studio must leave this keystroke alone. */
export function belongsToPage(event: Pick<KeyboardEvent, 'code' | 'target'>): boolean {
  return isTextEntry(event.target) || isInOwnKeysRegion(event.target) || isControlActivation(event);
}
