import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Table } from '../../../../../theme/parts/table';
import type { LabelMap } from '../labelMap';
import { LabelName } from '../LabelName';

/** A figure column: its heading and the value of one row (right-aligned). */
export interface PerClassColumn<Row> {
  header: string;
  value: (row: Row) => ReactNode;
}

/**
 * The evaluation's per-class table: the label's name, then the task's figures (precision, recall…
 * for classification; AP and object counts for detection). Scrolls sideways on a narrow screen.
 */
export function PerClassTable<Row extends { labelId: string }>({
  rows,
  labels,
  labelHeader,
  columns,
}: {
  rows: readonly Row[];
  labels: LabelMap;
  labelHeader: string;
  columns: readonly PerClassColumn<Row>[];
}) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="per-class">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{labelHeader}</Table.ColumnHeader>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={index} textAlign="end">
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.labelId} data-testid="per-class-row">
              <Table.Cell>
                <LabelName labels={labels} labelId={row.labelId} />
              </Table.Cell>
              {columns.map((column, index) => (
                <Table.Cell key={index} textAlign="end">
                  {column.value(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
