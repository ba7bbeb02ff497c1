import { keymapSchema, type Keymap } from '../../../../../contract/studioKeymap';
import { apiFetch } from '../../../../api/apiFetch';

/** The signed-in user's key overrides (contract/studioKeymap.ts). */
export const keymapApi = {
  get: (signal?: AbortSignal) => apiFetch('auth/user/keymap', { schema: keymapSchema, signal }),
  put: (body: Keymap) => apiFetch('auth/user/keymap', { method: 'PUT', body, schema: keymapSchema }),
};
