import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Spec: page buttons come in blocks of 10 (1–10, 11–20, …). */
export const PAGE_BLOCK_SIZE = 10;

export interface PaginationInput {
  /** The current page, 1-based; clamped into the valid range. */
  page: number;
  /** Items per page (at least 1). */
  pageSize: number;
  /** Total number of items. */
  itemsLength: number;
  /** Number of pages when the server gives it; otherwise ceil(itemsLength / pageSize). */
  pageCount?: number;
}

/** The spec's Pagination entity plus the page block around the current page. */
export interface Pagination {
  /** The current page after clamping (1 when there are no items). */
  page: number;
  /** Number of pages; 0 when there are no items. */
  pageCount: number;
  /** 1-based number of the first item on the page; 0 when there are no items. */
  pageStart: number;
  /** 1-based number of the last item on the page (the last page may be partial); 0 when empty. */
  pageStop: number;
  itemsLength: number;
  /** First and last page of the block of 10 holding the current page (blockEnd < blockStart when empty). */
  blockStart: number;
  blockEnd: number;
}

/**
 * Paging arithmetic: which items the page shows and which block of 10 page buttons to render.
 * Out-of-range pages are clamped (page 0 → 1, page 99 of 10 → 10); negative or fractional
 * counts are floored to whole non-negative numbers, and a page size under 1 counts as 1.
 */
export function paginate({ page, pageSize, itemsLength, pageCount: givenCount }: PaginationInput): Pagination {
  const size = Math.max(1, Math.floor(pageSize) || 1);
  const items = Math.max(0, Math.floor(itemsLength) || 0);
  const pageCount = givenCount === undefined ? Math.ceil(items / size) : Math.max(0, Math.floor(givenCount) || 0);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pageCount));
  const pageStop = Math.min(current * size, items);
  // Never past pageStop, even when a given pageCount runs beyond the items.
  const pageStart = items === 0 ? 0 : Math.min((current - 1) * size + 1, pageStop);
  const blockStart = Math.floor((current - 1) / PAGE_BLOCK_SIZE) * PAGE_BLOCK_SIZE + 1;
  const blockEnd = Math.min(blockStart + PAGE_BLOCK_SIZE - 1, pageCount);
  return { page: current, pageCount, pageStart, pageStop, itemsLength: items, blockStart, blockEnd };
}

export interface PaginatorProps {
  /** The current page, 1-based. */
  page: number;
  /** Items per page. */
  pageSize: number;
  /** Total number of items. */
  itemsLength: number;
  /** Number of pages, when the server says so; otherwise computed from the counts. */
  pageCount?: number;
  /** Called with the page to go to. */
  onChange: (page: number) => void;
}

const chevron = (d: string) => (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
    <path d={d} stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ICONS = {
  first: chevron('M8.5 4 4.5 8l4 4M12.5 4l-4 4 4 4'),
  previous: chevron('M10 4 6 8l4 4'),
  next: chevron('M6 4l4 4-4 4'),
  last: chevron('M3.5 4l4 4-4 4M7.5 4l4 4-4 4'),
};

/**
 * Page navigation: first / previous / page buttons of the current block of 10 / next / last, and
 * a 'start-stop of total' counter ('11-20 / 95' in Korean, '11-20 of 95' in English).
 * Previous and next move one page; the end buttons are disabled where they lead nowhere.
 */
export function Paginator({ page, pageSize, itemsLength, pageCount, onChange }: PaginatorProps) {
  const { t } = useTranslation('ui');
  const p = paginate({ page, pageSize, itemsLength, pageCount });
  const { page: current, pageCount: count } = p;
  const atStart = current <= 1;
  const atEnd = current >= count;
  const pages = Array.from({ length: Math.max(0, p.blockEnd - p.blockStart + 1) }, (_, i) => p.blockStart + i);
  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= count) onChange(target);
  };

  const edge = (kind: keyof typeof ICONS, target: number, disabled: boolean) => (
    <IconButton
      aria-label={t(`paginator.${kind}`)}
      size="sm"
      variant="ghost"
      disabled={disabled}
      onClick={() => go(target)}
    >
      {ICONS[kind]}
    </IconButton>
  );

  return (
    <HStack as="nav" aria-label={t('paginator.label')} justify="center" gap="1" flexWrap="wrap" py="4">
      {edge('first', 1, atStart)}
      {edge('previous', current - 1, atStart)}
      {pages.map((n) => (
        <Button
          key={n}
          size="sm"
          minW="9"
          variant={n === current ? 'solid' : 'ghost'}
          colorPalette={n === current ? 'brand' : 'gray'}
          aria-current={n === current ? 'page' : undefined}
          aria-label={t('paginator.page', { page: n })}
          onClick={() => go(n)}
        >
          {n}
        </Button>
      ))}
      {edge('next', current + 1, atEnd)}
      {edge('last', count, atEnd)}
      <Text as="span" fontSize="sm" color="fg.muted" ms="3" aria-live="polite" data-testid="paginator-range">
        {t('paginator.range', { start: p.pageStart, stop: p.pageStop, total: p.itemsLength })}
      </Text>
    </HStack>
  );
}
