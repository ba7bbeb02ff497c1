import { IMAGE_DELETE_MAX, type ImageDeleteFilter, type ImageDeleteRequest } from '../../../../contract/apiImageDelete';

/**
 * Which images are selected for deletion: named ones, or every image matching the filter less the
 * ones ticked off afterwards ("select all matching the filter"). The second form names the images
 * the user could not see (later pages), so the server resolves it from the same filter.
 */
export type ImageSelection = { all: false; ids: ReadonlySet<string> } | { all: true; except: ReadonlySet<string> };

export const NO_SELECTION: ImageSelection = { all: false, ids: new Set() };

export function isSelected(selection: ImageSelection, id: string): boolean {
  return selection.all ? !selection.except.has(id) : selection.ids.has(id);
}

/** How many images the selection holds, out of `total` matching the filter. */
export function selectedCount(selection: ImageSelection, total: number): number {
  return selection.all ? Math.max(0, total - selection.except.size) : selection.ids.size;
}

/** Ticks (`on`) or unticks the images. */
export function setSelected(selection: ImageSelection, ids: readonly string[], on: boolean): ImageSelection {
  if (selection.all) {
    const except = new Set(selection.except);
    for (const id of ids) {
      if (on) except.delete(id);
      else except.add(id);
    }
    return { all: true, except };
  }
  const next = new Set(selection.ids);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return { all: false, ids: next };
}

export function toggleSelected(selection: ImageSelection, id: string): ImageSelection {
  return setSelected(selection, [id], !isSelected(selection, id));
}

/** Every image matching the filter. */
export const ALL_MATCHING: ImageSelection = { all: true, except: new Set() };

/** Whether the request would name more ids than the server takes in one request. */
export function tooManyIds(selection: ImageSelection): boolean {
  return (selection.all ? selection.except.size : selection.ids.size) > IMAGE_DELETE_MAX;
}

/** The delete request (contract/apiImageDelete.ts) for the selection under `filter`. */
export function deleteRequestOf(
  selection: ImageSelection,
  filter: ImageDeleteFilter,
  dryRun = false,
): ImageDeleteRequest {
  const dry = dryRun ? { dryRun: true } : {};
  if (!selection.all) return { imageIds: [...selection.ids], ...dry };
  return { filter, ...(selection.except.size ? { exceptIds: [...selection.except] } : {}), ...dry };
}

/**
 * The images a Shift-click selects: from the anchor (the last image clicked) to `to`, in list
 * order; just `to` without an anchor still in the list.
 */
export function rangeOf(order: readonly string[], anchor: string | null, to: string): string[] {
  const end = order.indexOf(to);
  const start = anchor === null ? -1 : order.indexOf(anchor);
  if (end < 0) return [];
  if (start < 0) return [to];
  return order.slice(Math.min(start, end), Math.max(start, end) + 1);
}

/** The selection after an image is gone: it neither counts as selected nor as ticked off. */
export function forgetImage(selection: ImageSelection, id: string): ImageSelection {
  if (selection.all) {
    const except = new Set(selection.except);
    except.delete(id);
    return { all: true, except };
  }
  const ids = new Set(selection.ids);
  ids.delete(id);
  return { all: false, ids };
}
