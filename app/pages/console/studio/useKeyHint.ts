import { useCallback } from 'react';
import type { StudioAction } from '../../../../contract/studioKeymap';
import { formatBinding } from './keys/formatBinding';
import { detectPlatform } from './keys/keyPlatform';
import { useKeymap } from './keys/useKeymap';

/** The first key of an action in the user's key map, as printed on the keycaps ('B', 'Ctrl+Z'), or ''. */
export function useKeyHint(): (action: StudioAction) => string {
  const { keymap } = useKeymap();
  return useCallback(
    (action: StudioAction) => {
      const first = keymap[action][0];
      return first ? formatBinding(first, detectPlatform()).join('+') : '';
    },
    [keymap],
  );
}
