import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Box as EngineBox, LabelClass } from '../../../../engine';
import { useEngine, useEngineValue } from '../../../components/engine';
import { flagsOf, zoomToSelection } from './engineOps';
import { StudioIcon } from './StudioIcon';
import { VirtualList } from './VirtualList';
import { MachineBadge, MachineAcceptAll } from './assist/MachineLabelParts';
import type { MachineLabels } from './assist/useMachineLabels';

const ROW_HEIGHT = 32;
const NO_IDS: readonly string[] = [];

export interface AnnotationListProps {
  boxes: readonly EngineBox[];
  labels: readonly LabelClass[];
  /** Bumped whenever a hidden or locked flag changes (the flags live in the engine). */
  flagsVersion: number;
  onFlag: (id: string, flag: 'hidden' | 'locked', on: boolean) => void;
  onHideAll: () => void;
  stage: HTMLElement | null;
  readOnly: boolean;
  /** Machine labels (badge, accept one, accept all); absent: none shown. */
  machine?: MachineLabels;
}

/**
 * This image's annotations, one row each (label colour and name, size, hide and lock toggles),
 * drawn virtually so 100,000 rows scroll as fast as ten. A click selects the annotation and
 * zooms to it; the selected row is highlighted and kept in view.
 */
export function AnnotationList({
  boxes,
  labels,
  flagsVersion,
  onFlag,
  onHideAll,
  stage,
  readOnly,
  machine,
}: AnnotationListProps) {
  const { t } = useTranslation('studio');
  const engine = useEngine();
  const selection =
    useEngineValue(
      'selection',
      (e, last) => last?.ids ?? e.getSelection(),
      (a, b) => a.length === b.length && a.every((id, i) => id === b[i]),
    ) ?? NO_IDS;
  const selected = useMemo(() => new Set(selection), [selection]);
  // One scan when the selection or the boxes change (no id → row map of 100,000 entries per edit).
  const first = selection[0];
  const firstSelected = useMemo(() => {
    if (first === undefined) return null;
    const at = boxes.findIndex((b) => b.id === first);
    return at === -1 ? null : at;
  }, [boxes, first]);

  const open = (id: string) => {
    if (!engine) return;
    engine.select([id]);
    zoomToSelection(engine, stage);
  };

  return (
    <Stack gap="1" flex="1" minH="0" data-testid="annotation-list-panel" data-flags={flagsVersion}>
      <HStack justify="space-between" px="1">
        <Text fontSize="sm" fontWeight="600" data-testid="viewer-annotations">
          {boxes.length > 0 ? t('list.count', { count: boxes.length }) : t('list.none')}
        </Text>
        {machine && <MachineAcceptAll machine={machine} readOnly={readOnly} />}
        <Button size="2xs" variant="ghost" onClick={onHideAll} disabled={boxes.length === 0} data-testid="hide-all">
          {t('list.hideAll')}
        </Button>
      </HStack>
      <VirtualList
        count={boxes.length}
        rowHeight={ROW_HEIGHT}
        scrollToIndex={firstSelected}
        aria-label={t('list.label')}
        data-testid="annotation-list"
        row={(i) => {
          const box = boxes[i]!;
          const label = labels[box.label];
          const { hidden: isHidden, locked: isLocked } = flagsOf(engine, box.id);
          return (
            <HStack
              role="listitem"
              gap="1"
              h="full"
              px="1"
              bg={selected.has(box.id) ? 'brand.subtle' : undefined}
              data-testid="annotation-row"
              data-selected={selected.has(box.id)}
              data-id={box.id}
            >
              <Box
                as="button"
                display="flex"
                alignItems="center"
                gap="2"
                flex="1"
                minW="0"
                textAlign="start"
                fontSize="xs"
                opacity={isHidden ? 0.5 : 1}
                onClick={() => open(box.id)}
                aria-label={t('list.open', { name: label?.name ?? '?', index: i + 1 })}
              >
                <Box w="2.5" h="2.5" rounded="sm" bg={label?.color ?? 'gray.400'} flexShrink={0} />
                <Text as="span" truncate>
                  {label?.name ?? '?'}
                </Text>
                {machine?.machine.has(box.id) && <MachineBadge score={machine.machine.get(box.id) ?? null} />}
                <Text as="span" color="fg.muted" fontVariantNumeric="tabular-nums" ms="auto">
                  {box.points
                    ? t('list.polygon', { count: box.points.length / 2 })
                    : `${Math.round(box.width)}×${Math.round(box.height)}`}
                </Text>
              </Box>
              {machine?.machine.has(box.id) && (
                <MachineBadge.Accept onAccept={() => machine.accept([box.id])} disabled={readOnly} />
              )}
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={isHidden ? t('list.show') : t('list.hide')}
                aria-pressed={isHidden}
                onClick={() => onFlag(box.id, 'hidden', !isHidden)}
                data-testid="row-hide"
              >
                <StudioIcon name={isHidden ? 'eyeOff' : 'eye'} size={16} />
              </IconButton>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={isLocked ? t('list.unlock') : t('list.lock')}
                aria-pressed={isLocked}
                disabled={readOnly}
                onClick={() => onFlag(box.id, 'locked', !isLocked)}
                data-testid="row-lock"
              >
                <StudioIcon name={isLocked ? 'lock' : 'unlock'} size={16} />
              </IconButton>
            </HStack>
          );
        }}
      />
    </Stack>
  );
}
