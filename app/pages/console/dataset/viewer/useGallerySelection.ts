import { useCallback, useMemo, useRef } from 'react';
import type { AtlasImage } from '../../../../../contract/apiAtlas';
import {
  isSelected,
  NO_SELECTION,
  rangeOf,
  selectedCount,
  setSelected,
  toggleSelected,
  type ImageSelection,
} from '../imageSelection';
import type { SelectionUpdate } from './DatasetBrowser';

export interface ClickModifiers {
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * Selection in the gallery: Ctrl/⌘-click toggles an image, Shift-click selects the run from the
 * last clicked one, and while anything is selected a plain click toggles too. Without a
 * selection (callers who cannot delete) every click is left to open the image.
 */
export function useGallerySelection(
  images: readonly AtlasImage[],
  total: number,
  selection: ImageSelection | null,
  onSelectionChange: ((update: SelectionUpdate) => void) | undefined,
) {
  /** The last image clicked for selection: where a Shift-click's run starts. */
  const anchor = useRef<string | null>(null);
  const order = useMemo(() => images.map((i) => i.id), [images]);
  /** Gallery cells (list positions) of the selected images, for the tint. */
  const cells = useMemo(() => {
    if (!selection) return [];
    const out: number[] = [];
    images.forEach((image, n) => {
      if (isSelected(selection, image.id)) out.push(n);
    });
    return out;
  }, [images, selection]);
  const active = selection !== null && selectedCount(selection, total) > 0;

  /** Handles a click on an image as selection; false: the click should open the image instead. */
  const click = useCallback(
    (imageId: string, e: ClickModifiers): boolean => {
      if (!selection || !onSelectionChange || !(e.ctrlKey || e.metaKey || e.shiftKey || active)) return false;
      if (e.shiftKey) {
        const run = rangeOf(order, anchor.current, imageId);
        onSelectionChange((current) => setSelected(current, run, true));
      } else {
        onSelectionChange((current) => toggleSelected(current, imageId));
      }
      anchor.current = imageId;
      return true;
    },
    [selection, onSelectionChange, active, order],
  );

  /** Clears the selection (Escape); false when there was none. */
  const clear = useCallback((): boolean => {
    if (!active || !onSelectionChange) return false;
    onSelectionChange(NO_SELECTION);
    return true;
  }, [active, onSelectionChange]);

  return { cells, click, clear };
}
