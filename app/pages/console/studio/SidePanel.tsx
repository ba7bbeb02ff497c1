import { Box, Stack, Text } from '@chakra-ui/react';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnotationKind } from '../../../../contract/apiAnnotations';
import type { Label } from '../../../../contract/apiProjects';
import { useEngine } from '../../../components/engine';
import { Switch } from '../../../theme/parts/switch';
import { AnnotationList } from './AnnotationList';
import { HelpPanel } from './HelpPanel';
import { LabelPalette } from './LabelPalette';
import { MachineAcceptAll } from './assist/MachineLabelParts';
import type { MachineLabels } from './assist/useMachineLabels';
import { countByLabel, useStudioBoxes } from './useStudioBoxes';
import type { StudioCommands } from './useStudioCommands';

export interface SidePanelProps {
  kind: AnnotationKind;
  labels: readonly Label[];
  readOnly: boolean;
  /** Show the manual instead of the lists. */
  help: boolean;
  /** The highlighted class (-1: none). */
  activeLabel: number;
  onPick: (index: number) => void;
  classification: { classId: string | null; advance: boolean; setAdvance: (on: boolean) => void };
  stage: RefObject<HTMLElement | null>;
  flagsVersion: number;
  commands: StudioCommands;
  /** This image's machine labels (auto labeling), shown and accepted in the list. */
  machine?: MachineLabels;
}

/**
 * The side panel: the label classes (with this image's count of each) and the list of this
 * image's annotations, or, for classification, the classes and the 'advance' option; or the manual.
 */
export function SidePanel(props: SidePanelProps) {
  const { t } = useTranslation('studio');
  const engine = useEngine();
  const boxes = useStudioBoxes(engine);
  const labelCount = props.labels.length;
  const boxCounts = useMemo(() => countByLabel(boxes, labelCount), [boxes, labelCount]);
  if (props.help)
    return (
      <Box overflowY="auto" flex="1">
        <HelpPanel />
      </Box>
    );
  const { kind, labels, readOnly, activeLabel, onPick, classification } = props;
  const counts = kind === 'class' ? labels.map((l) => (l.id === classification.classId ? 1 : 0)) : boxCounts;
  return (
    <Stack gap="3" p="2" flex="1" minH="0">
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="600">
          {kind === 'class' ? t('palette.classTitle') : t('palette.title')}
        </Text>
        <LabelPalette
          labels={labels}
          counts={counts}
          active={activeLabel >= 0 ? activeLabel : null}
          onPick={onPick}
          disabled={readOnly && kind === 'class'}
        />
      </Stack>
      {kind === 'class' ? (
        <>
          <Switch.Root
            size="sm"
            checked={classification.advance}
            onCheckedChange={(e) => classification.setAdvance(e.checked)}
            data-testid="studio-advance"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('palette.advance')}</Switch.Label>
          </Switch.Root>
          {props.machine && <MachineAcceptAll machine={props.machine} readOnly={readOnly} />}
        </>
      ) : (
        <AnnotationList
          boxes={boxes}
          labels={labels}
          flagsVersion={props.flagsVersion}
          onFlag={props.commands.setFlag}
          onHideAll={props.commands.hideAll}
          stage={props.stage.current}
          readOnly={readOnly}
          machine={props.machine}
        />
      )}
    </Stack>
  );
}
