import { HStack, Separator, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnotationKind } from '../../../../contract/apiAnnotations';
import type { StudioAction } from '../../../../contract/studioKeymap';
import type { ToolName } from '../../../../engine';
import { useEngine, useEngineValue } from '../../../components/engine';
import { StudioIcon, type StudioIconName } from './StudioIcon';
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

/** One toolbar button: its text is `toolbar.<id>`. */
interface ToolbarAction {
  id: string;
  /** The action whose key the tooltip shows. */
  action?: StudioAction;
  icon: StudioIconName | '−' | '+';
  onClick: () => void;
  disabled?: boolean;
  active?: boolean;
  testId: string;
}

export interface StudioToolbarProps {
  kind: AnnotationKind;
  readOnly: boolean;
  commands: StudioCommands;
  panels: { adjustments: boolean; help: boolean };
  /** There is a previous image to copy from. */
  canCopyPrevious: boolean;
  onPanel: (panel: 'adjustments' | 'help' | 'cheatSheet' | 'keys' | 'side') => void;
  /** The Assist AI button (assist/AssistAiButton). */
  assistAi?: ReactNode;
}

/**
 * Tools (select, move, box, polygon, assist point, assist AI), zoom (in, out, fit, the zoom
 * readout), full screen, undo and redo, and the panels (adjustments, manual, shortcut keys, key
 * settings). Every button has its name and key in a tooltip.
 */
export function StudioToolbar({
  kind,
  readOnly,
  commands,
  panels,
  canCopyPrevious,
  onPanel,
  assistAi,
}: StudioToolbarProps) {
  const { t } = useTranslation('studio');
  const engine = useEngine();
  const hint = useKeyHint();
  const tool = useEngineValue('tool', (e, last) => last?.tool ?? e.getTool());
  const selected = useEngineValue('selection', (e, last) => (last?.ids ?? e.getSelection()).length) ?? 0;
  // 'history', not 'annotations': an edit's 'annotations' event comes before it is on the undo stack.
  const history = useEngineValue(
    'history',
    (e, last) => ({ undo: last?.canUndo ?? e.canUndo(), redo: last?.canRedo ?? e.canRedo() }),
    (a, b) => a.undo === b.undo && a.redo === b.redo,
  ) ?? { undo: false, redo: false };
  /** The buttons of one toolbar group. */
  const actions = (list: readonly ToolbarAction[]) =>
    list.map((a) => (
      <ToolButton
        key={a.id}
        label={t(`toolbar.${a.id}`)}
        hint={a.action && hint(a.action)}
        active={a.active}
        disabled={a.disabled}
        onClick={a.onClick}
        data-testid={a.testId}
      >
        {a.icon === '−' || a.icon === '+' ? a.icon : <StudioIcon name={a.icon} />}
      </ToolButton>
    ));
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
      {assistAi}
      <Separator orientation="vertical" h="5" />
      {actions([
        {
          id: 'zoomOut',
          action: 'zoomOut',
          icon: '−',
          onClick: () => commands.zoom(1 / 1.25),
          disabled: !engine,
          testId: 'viewer-zoom-out',
        },
      ])}
      <ZoomReadout />
      {actions([
        {
          id: 'zoomIn',
          action: 'zoomIn',
          icon: '+',
          onClick: () => commands.zoom(1.25),
          disabled: !engine,
          testId: 'viewer-zoom-in',
        },
        {
          id: 'fit',
          action: 'fit',
          icon: 'fit',
          onClick: () => engine?.fit(),
          disabled: !engine,
          testId: 'viewer-fit',
        },
        {
          id: 'fullscreen',
          action: 'fullscreen',
          icon: 'fullscreen',
          onClick: commands.fullscreen,
          testId: 'studio-fullscreen',
        },
      ])}
      <Separator orientation="vertical" h="5" />
      {actions([
        {
          id: 'undo',
          action: 'undo',
          icon: 'undo',
          onClick: () => engine?.undo(),
          disabled: readOnly || !history.undo,
          testId: 'studio-undo',
        },
        {
          id: 'redo',
          action: 'redo',
          icon: 'redo',
          onClick: () => engine?.redo(),
          disabled: readOnly || !history.redo,
          testId: 'studio-redo',
        },
        {
          id: 'copyPrevious',
          action: 'copyPrevious',
          icon: 'copyPrevious',
          onClick: commands.copyPrevious,
          disabled: readOnly || kind === 'class' || !canCopyPrevious,
          testId: 'studio-copy-previous',
        },
        {
          id: 'delete',
          action: 'delete',
          icon: 'delete',
          onClick: () => engine?.deleteSelection(),
          disabled: readOnly || selected === 0,
          testId: 'studio-delete',
        },
      ])}
      <Separator orientation="vertical" h="5" />
      {actions([
        {
          id: 'adjustments',
          icon: 'adjustments',
          onClick: () => onPanel('adjustments'),
          active: panels.adjustments,
          testId: 'studio-adjustments-toggle',
        },
        { id: 'help', icon: 'help', onClick: () => onPanel('help'), active: panels.help, testId: 'studio-help-toggle' },
        {
          id: 'cheatSheet',
          action: 'cheatSheet',
          icon: 'keyboard',
          onClick: () => onPanel('cheatSheet'),
          testId: 'studio-cheatsheet',
        },
        { id: 'keySettings', icon: 'settings', onClick: () => onPanel('keys'), testId: 'studio-keys' },
      ])}
      <Text flex="1" />
      {actions([{ id: 'sidePanel', icon: 'panel', onClick: () => onPanel('side'), testId: 'studio-side-toggle' }])}
    </HStack>
  );
}
