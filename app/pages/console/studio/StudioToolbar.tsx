import { HStack, Separator, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AnnotationKind } from '../../../../contract/apiAnnotations';
import type { ToolName } from '../../../../engine';
import { useEngine, useEngineValue } from '../../../components/engine';
import { StudioIcon } from './StudioIcon';
import { ToolButton } from './ToolButton';
import { useKeyHint } from './useKeyHint';
import { ZoomReadout } from './ZoomReadout';
import type { StudioCommands } from './useStudioCommands';

/** The drawing and view tools, in toolbar order, with the action that selects each by key. */
const TOOLS = [
  { tool: 'select', action: 'select' },
  { tool: 'pan', action: 'pan' },
  { tool: 'box', action: 'box' },
  { tool: 'polygon', action: 'polygon' },
  { tool: 'assistPoint', action: 'assistPoint' },
] as const;

/** Which tools a project kind offers besides select and pan (segmentation draws boxes too). */
function offered(kind: AnnotationKind, tool: string): boolean {
  if (tool === 'select' || tool === 'pan') return true;
  if (kind === 'class') return false;
  if (tool === 'box') return kind === 'box' || kind === 'polygon';
  if (tool === 'polygon') return kind === 'polygon';
  return true;
}

export interface StudioToolbarProps {
  kind: AnnotationKind;
  readOnly: boolean;
  commands: StudioCommands;
  panels: { adjustments: boolean; help: boolean };
  /** There is a previous image to copy from. */
  canCopyPrevious: boolean;
  onPanel: (panel: 'adjustments' | 'help' | 'cheatSheet' | 'keys' | 'side') => void;
}

/**
 * Tools (select, move, box, polygon, assist point, assist AI), zoom (in, out, fit, the zoom
 * readout), full screen, undo and redo, and the panels (adjustments, manual, shortcut keys, key
 * settings). Every button has its name and key in a tooltip.
 */
export function StudioToolbar({ kind, readOnly, commands, panels, canCopyPrevious, onPanel }: StudioToolbarProps) {
  const { t } = useTranslation('studio');
  const engine = useEngine();
  const hint = useKeyHint();
  const tool = useEngineValue('tool', (e, last) => last?.tool ?? e.getTool());
  const selected = useEngineValue('selection', (e, last) => (last?.ids ?? e.getSelection()).length) ?? 0;
  const history = useEngineValue(
    'annotations',
    (e) => ({ undo: e.canUndo(), redo: e.canRedo() }),
    (a, b) => a.undo === b.undo && a.redo === b.redo,
  ) ?? { undo: false, redo: false };
  return (
    <HStack
      role="toolbar"
      aria-label={t('toolbar.label')}
      gap="1"
      px="2"
      py="1"
      borderBottomWidth="1px"
      overflowX="auto"
      flexShrink={0}
      data-testid="studio-toolbar"
    >
      {TOOLS.filter((item) => offered(kind, item.tool)).map((item) => {
        const editing = item.tool !== 'pan';
        return (
          <ToolButton
            key={item.tool}
            label={t(`tools.${item.tool}`)}
            hint={hint(item.action)}
            active={tool === item.tool}
            disabled={!engine || (readOnly && editing)}
            onClick={() => commands.setTool(item.tool as ToolName)}
            data-testid={`tool-${item.tool}`}
          >
            <StudioIcon name={item.tool} />
          </ToolButton>
        );
      })}
      {kind !== 'class' && (
        <ToolButton
          label={t('tools.assistAi')}
          hint={t('tools.assistAiNeedsModel')}
          disabled
          data-testid="tool-assistAi"
        >
          <span aria-hidden>AI</span>
        </ToolButton>
      )}
      <Separator orientation="vertical" h="5" />
      <ToolButton
        label={t('toolbar.zoomOut')}
        hint={hint('zoomOut')}
        disabled={!engine}
        onClick={() => commands.zoom(1 / 1.25)}
        data-testid="viewer-zoom-out"
      >
        −
      </ToolButton>
      <ZoomReadout />
      <ToolButton
        label={t('toolbar.zoomIn')}
        hint={hint('zoomIn')}
        disabled={!engine}
        onClick={() => commands.zoom(1.25)}
        data-testid="viewer-zoom-in"
      >
        +
      </ToolButton>
      <ToolButton
        label={t('toolbar.fit')}
        hint={hint('fit')}
        disabled={!engine}
        onClick={() => engine?.fit()}
        data-testid="viewer-fit"
      >
        <StudioIcon name="fit" />
      </ToolButton>
      <ToolButton
        label={t('toolbar.fullscreen')}
        hint={hint('fullscreen')}
        onClick={commands.fullscreen}
        data-testid="studio-fullscreen"
      >
        <StudioIcon name="fullscreen" />
      </ToolButton>
      <Separator orientation="vertical" h="5" />
      <ToolButton
        label={t('toolbar.undo')}
        hint={hint('undo')}
        disabled={readOnly || !history.undo}
        onClick={() => engine?.undo()}
        data-testid="studio-undo"
      >
        <StudioIcon name="undo" />
      </ToolButton>
      <ToolButton
        label={t('toolbar.redo')}
        hint={hint('redo')}
        disabled={readOnly || !history.redo}
        onClick={() => engine?.redo()}
        data-testid="studio-redo"
      >
        <StudioIcon name="redo" />
      </ToolButton>
      <ToolButton
        label={t('toolbar.copyPrevious')}
        hint={hint('copyPrevious')}
        disabled={readOnly || kind === 'class' || !canCopyPrevious}
        onClick={commands.copyPrevious}
        data-testid="studio-copy-previous"
      >
        <StudioIcon name="copyPrevious" />
      </ToolButton>
      <ToolButton
        label={t('toolbar.delete')}
        hint={hint('delete')}
        disabled={readOnly || selected === 0}
        onClick={() => engine?.deleteSelection()}
        data-testid="studio-delete"
      >
        <StudioIcon name="delete" />
      </ToolButton>
      <Separator orientation="vertical" h="5" />
      <ToolButton
        label={t('toolbar.adjustments')}
        active={panels.adjustments}
        onClick={() => onPanel('adjustments')}
        data-testid="studio-adjustments-toggle"
      >
        <StudioIcon name="adjustments" />
      </ToolButton>
      <ToolButton
        label={t('toolbar.help')}
        active={panels.help}
        onClick={() => onPanel('help')}
        data-testid="studio-help-toggle"
      >
        <StudioIcon name="help" />
      </ToolButton>
      <ToolButton
        label={t('toolbar.cheatSheet')}
        hint={hint('cheatSheet')}
        onClick={() => onPanel('cheatSheet')}
        data-testid="studio-cheatsheet"
      >
        <StudioIcon name="keyboard" />
      </ToolButton>
      <ToolButton label={t('toolbar.keySettings')} onClick={() => onPanel('keys')} data-testid="studio-keys">
        <StudioIcon name="settings" />
      </ToolButton>
      <Text flex="1" />
      <ToolButton label={t('toolbar.sidePanel')} onClick={() => onPanel('side')} data-testid="studio-side-toggle">
        <StudioIcon name="panel" />
      </ToolButton>
    </HStack>
  );
}
