import type { ReactNode } from 'react';
import { Table } from '../theme/parts/table';

export interface ScrollingTableProps {
  /** The table's name: the scroll box's label and the caption screen readers announce. */
  label: string;
  /** Column headings, in order (already translated). */
  headers: readonly string[];
  /** Width below which the table scrolls instead of squeezing its columns. */
  minW: string;
  /** Rows react to hover (rows that open something). */
  interactive?: boolean;
  'data-testid'?: string;
  /** The rows (Table.Row elements). */
  children: ReactNode;
}

/**
 * A wide console list (trainings, models) that scrolls sideways in its own box, so a phone keeps
 * the page's width. The box is a labelled, focusable region so a keyboard can scroll it too.
 */
export function ScrollingTable({
  label,
  headers,
  minW,
  interactive,
  'data-testid': testId,
  children,
}: ScrollingTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm" minW={minW} data-testid={testId} interactive={interactive}>
        <Table.Caption srOnly>{label}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {headers.map((header, index) => (
              <Table.ColumnHeader key={index} scope="col" whiteSpace="nowrap">
                {header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
