import { Box, chakra, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ClassificationEvaluation } from '../../../../../../contract/apiTraining';
import type { LabelMap } from '../labelMap';
import { LabelName } from '../LabelName';

export interface ConfusionCell {
  row: number;
  col: number;
}

const Cell = chakra('button');

/**
 * A cell's colours by its share of its row: four steps of the palette, text dark on the light
 * steps and white on the dark one, so every step keeps a readable contrast.
 */
export function cellLook(count: number, share: number, diagonal: boolean): { bg: string; fg: string } {
  if (count === 0) return { bg: 'bg.subtle', fg: 'fg.muted' };
  const palette = diagonal ? 'green' : 'red';
  if (share < 0.25) return { bg: `${palette}.100`, fg: `${palette}.900` };
  if (share < 0.5) return { bg: `${palette}.200`, fg: `${palette}.900` };
  if (share < 0.75) return { bg: `${palette}.300`, fg: `${palette}.950` };
  return { bg: `${palette}.700`, fg: 'white' };
}

/**
 * Rows are the true labels, columns what the model said. Each cell's shade is its share of its
 * row (so a rare class reads as clearly as a common one); the diagonal (right answers) is green,
 * the rest red. A cell with images opens them; an empty one is disabled.
 */
export function ConfusionMatrix({
  confusion,
  labels,
  selected,
  onSelect,
}: {
  confusion: ClassificationEvaluation['confusion'];
  labels: LabelMap;
  selected: ConfusionCell | null;
  onSelect: (cell: ConfusionCell) => void;
}) {
  const { t } = useTranslation('trainingResults');
  const { labelIds, matrix } = confusion;
  return (
    <Box overflowX="auto" data-testid="confusion-matrix">
      <chakra.table fontSize="sm" borderCollapse="separate" borderSpacing="2px">
        <caption style={{ captionSide: 'top', textAlign: 'start' }}>
          <Text fontSize="xs" color="fg.muted" pb="2">
            {t('confusion.caption')}
          </Text>
        </caption>
        <thead>
          <tr>
            <chakra.th textAlign="start" px="2" fontWeight="500" color="fg.muted" fontSize="xs">
              {t('confusion.trueVsPredicted')}
            </chakra.th>
            {labelIds.map((id) => (
              <chakra.th key={id} px="2" py="1" maxW="28" scope="col" fontWeight="600">
                <LabelName labels={labels} labelId={id} />
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.map((row, r) => {
            const total = row.reduce((a, b) => a + b, 0);
            const rowId = labelIds[r] ?? '';
            return (
              <tr key={rowId}>
                <chakra.th scope="row" textAlign="start" px="2" maxW="36" fontWeight="600">
                  <LabelName labels={labels} labelId={rowId} />
                </chakra.th>
                {row.map((count, c) => {
                  const share = total > 0 ? count / total : 0;
                  const diagonal = r === c;
                  const images = confusion.images[`${r},${c}`] ?? [];
                  const isSelected = selected?.row === r && selected.col === c;
                  const look = cellLook(count, share, diagonal);
                  const trueName = labels.get(rowId)?.name ?? rowId;
                  const predictedName = labels.get(labelIds[c] ?? '')?.name ?? labelIds[c];
                  return (
                    <td key={labelIds[c]}>
                      <Cell
                        type="button"
                        w="full"
                        minW="16"
                        h="12"
                        borderRadius="l1"
                        fontWeight={diagonal ? '700' : '500'}
                        fontVariantNumeric="tabular-nums"
                        bg={look.bg}
                        color={look.fg}
                        outline={isSelected ? '3px solid' : undefined}
                        outlineColor="brand.solid"
                        outlineOffset="1px"
                        cursor={images.length > 0 ? 'pointer' : 'default'}
                        disabled={images.length === 0}
                        aria-pressed={isSelected}
                        aria-label={t('confusion.cell', { count, trueName, predictedName })}
                        onClick={() => onSelect({ row: r, col: c })}
                        data-testid="confusion-cell"
                        data-row={r}
                        data-col={c}
                        data-diagonal={diagonal || undefined}
                      >
                        {count}
                      </Cell>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </chakra.table>
    </Box>
  );
}
