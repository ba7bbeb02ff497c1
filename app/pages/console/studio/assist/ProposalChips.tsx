import { Box, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { imageToScreen, type LabelClass, type ModelProposal, type View } from '../../../../../engine';
import { useEngineValue } from '../../../../components/engine';

/** Most score chips drawn over the canvas (the panel lists every proposal). */
const CHIPS_MAX = 100;

export interface ProposalChipsProps {
  proposals: readonly ModelProposal[];
  labels: readonly LabelClass[];
  stage: HTMLElement | null;
  /** Accept and reject from the chip; without them the chip only names the prediction. */
  onAccept?: (id: string) => void;
  onReject?: (id: string) => void;
  onFocus?: (id: string | null) => void;
  'data-testid'?: string;
}

const sameView = (a: View, b: View) => a.centerX === b.centerX && a.centerY === b.centerY && a.zoom === b.zoom;

/**
 * A chip at each proposal's top-left corner naming its label and score, following the camera,
 * with accept (✓) and reject (✕) when given: the dashed boxes themselves are drawn by the engine.
 */
export function ProposalChips({ proposals, labels, stage, onAccept, onReject, onFocus, ...rest }: ProposalChipsProps) {
  const { t } = useTranslation('assist');
  const view = useEngineValue('view', (e, last) => last?.view ?? e.getView(), sameView);
  if (!view || !stage || proposals.length === 0) return null;
  const viewport = { width: stage.clientWidth, height: stage.clientHeight, dpr: 1 };
  const chips = [];
  for (const p of proposals) {
    if (chips.length >= CHIPS_MAX) break;
    const at = imageToScreen(view, viewport, { x: p.box.x, y: p.box.y });
    if (at.x < -40 || at.y < -20 || at.x > viewport.width || at.y > viewport.height) continue;
    const label = labels[p.label];
    chips.push(
      <HStack
        key={p.id}
        position="absolute"
        left={`${Math.round(at.x)}px`}
        top={`${Math.round(Math.max(0, at.y - 20))}px`}
        gap="0.5"
        px="1"
        h="18px"
        fontSize="11px"
        lineHeight="1"
        color="white"
        bg="blackAlpha.700"
        borderLeftWidth="3px"
        borderLeftColor={label?.color ?? 'gray.400'}
        rounded="sm"
        pointerEvents="auto"
        whiteSpace="nowrap"
        onMouseEnter={() => onFocus?.(p.id)}
        onMouseLeave={() => onFocus?.(null)}
        data-testid="proposal-chip"
        data-id={p.id}
      >
        <span>{`${label?.name ?? '?'} ${Math.round(p.score * 100)}%`}</span>
        {onAccept && (
          <Box
            as="button"
            px="1"
            aria-label={t('panel.accept', { name: label?.name ?? '' })}
            onClick={() => onAccept(p.id)}
            data-testid="chip-accept"
          >
            ✓
          </Box>
        )}
        {onReject && (
          <Box
            as="button"
            px="0.5"
            aria-label={t('panel.reject', { name: label?.name ?? '' })}
            onClick={() => onReject(p.id)}
          >
            ✕
          </Box>
        )}
      </HStack>,
    );
  }
  return (
    <Box position="absolute" inset="0" overflow="hidden" pointerEvents="none" zIndex="1" {...rest}>
      {chips}
    </Box>
  );
}
