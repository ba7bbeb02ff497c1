/** Rows drawn beyond each edge of the visible window, so a fast scroll shows no gap. */
export const OVERSCAN_ROWS = 6;

/**
 * The rows [start, end) a fixed-row-height list draws for a scroll position: the visible ones
 * plus the overscan, clamped to the list. With 100,000 rows only a few dozen are in the DOM.
 */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, first - OVERSCAN_ROWS);
  const end = Math.min(count, first + visible + OVERSCAN_ROWS);
  return { start, end: Math.max(start, end) };
}
