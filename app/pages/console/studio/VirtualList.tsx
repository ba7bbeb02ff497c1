import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { visibleRange } from './visibleRange';

export interface VirtualListProps {
  count: number;
  rowHeight: number;
  /** Draws row `index` (absolutely placed by the list). */
  row: (index: number) => ReactNode;
  /** Keeps this row in view when it changes (e.g. the selected one). */
  scrollToIndex?: number | null;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A scrolling list of fixed-height rows that draws only the rows in view (plus a few): the DOM
 * holds a few dozen rows whether the list has ten or 100,000.
 */
export function VirtualList({ count, rowHeight, row, scrollToIndex, ...rest }: VirtualListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // happy-dom and a first render have no layout: assume a short panel.
  const [height, setHeight] = useState(400);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight || 400));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el || scrollToIndex === null || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    if (top < el.scrollTop || top + rowHeight > el.scrollTop + el.clientHeight) {
      el.scrollTop = Math.max(0, top - el.clientHeight / 2);
    }
  }, [scrollToIndex, rowHeight]);
  const { start, end } = visibleRange(scrollTop, height, rowHeight, count);
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    rows.push(
      <Box key={i} position="absolute" top={`${i * rowHeight}px`} left="0" right="0" h={`${rowHeight}px`}>
        {row(i)}
      </Box>,
    );
  }
  return (
    <Box
      ref={ref}
      role="list"
      overflowY="auto"
      flex="1"
      minH="0"
      position="relative"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      {...rest}
    >
      <Box position="relative" h={`${count * rowHeight}px`}>
        {rows}
      </Box>
    </Box>
  );
}
