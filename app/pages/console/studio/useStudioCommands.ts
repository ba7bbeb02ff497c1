import { useMemo, useRef, type RefObject } from 'react';
import type { AnnotationKind } from '../../../../contract/apiAnnotations';
import type { Box, Engine, ToolName } from '../../../../engine';
import { call, flagsOf, run, zoomBy, zoomToSelection } from './engineOps';
import type { StudioKeyHandlers } from './keys/useStudioKeys';

/** Arrow keys move the selection this far (image px); with Shift ten times as far. */
const NUDGE_PX = 1;
const NUDGE_SHIFT_PX = 10;

export interface StudioCommandContext {
  engine: Engine | null;
  /** The canvas's box (zoom centre). */
  stage: RefObject<HTMLElement | null>;
  /** What full screen shows. */
  container: RefObject<HTMLElement | null>;
  kind: AnnotationKind;
  readOnly: boolean;
  /** How many label classes the project has (1–9 beyond it do nothing). */
  labelCount: number;
  /** The label of the next drawing (and the palette's highlight). */
  onActiveLabel: (index: number) => void;
  /** Classification: gives the whole image the class `index`. */
  assignClass: (index: number) => void;
  /** The page's clipboard: it outlives the image, so a copy pastes onto the next one. */
  clipboard: RefObject<Box[]>;
  /** The previous image's boxes (none when there is no previous image). */
  previousBoxes: () => Promise<Box[]>;
  step: (direction: 'previous' | 'next') => void;
  saveNow: () => void;
  openCheatSheet: () => void;
  /** A hidden or locked flag changed (the list re-reads them). */
  onFlags: () => void;
}

/** Everything the toolbar, the lists and the keys can ask of the studio. */
export interface StudioCommands {
  setTool: (tool: ToolName) => void;
  zoom: (factor: number) => void;
  fullscreen: () => void;
  label: (index: number) => void;
  copy: () => void;
  paste: () => void;
  copyPrevious: () => void;
  toggleHidden: () => void;
  toggleLocked: () => void;
  hideAll: () => void;
  setFlag: (id: string, flag: 'hidden' | 'locked', on: boolean) => void;
  keys: StudioKeyHandlers;
}

/** Asks the browser for full screen on `el`, or leaves it. */
function toggleFullscreen(el: HTMLElement | null): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  else void el?.requestFullscreen?.().catch(() => {});
}

/**
 * The studio's commands, built once per context: each reads the latest context when it runs, so
 * the key handlers stay the same object and the key listener is not re-attached on every render.
 * Editing commands do nothing in read-only mode.
 */
export function useStudioCommands(context: StudioCommandContext): StudioCommands {
  const ref = useRef(context);
  ref.current = context;
  return useMemo(() => {
    const ctx = () => ref.current;
    const editable = () => !ctx().readOnly && ctx().engine !== null;
    const selected = () => ctx().engine?.getSelection() ?? [];

    const setTool = (tool: ToolName) => {
      const { engine, readOnly } = ctx();
      // Read-only: only the move tool (the select tool would drag boxes).
      if (!engine || (readOnly && tool !== 'pan')) return;
      try {
        engine.setTool(tool);
      } catch {
        // A tool this engine build does not have: the current one stays.
      }
    };
    const zoom = (factor: number) => zoomBy(ctx().engine, factor, ctx().stage.current);
    const label = (index: number) => {
      const { engine, kind, labelCount } = ctx();
      if (index >= labelCount) return;
      if (kind === 'class') {
        if (editable()) ctx().assignClass(index);
        return;
      }
      ctx().onActiveLabel(index);
      engine?.setActiveLabel(index);
      if (editable() && selected().length > 0) call(engine, 'setSelectedLabel', index);
    };
    const copy = () => {
      const engine = ctx().engine;
      const boxes = run(engine, 'copySelection')?.value;
      if (boxes && boxes.length > 0) ctx().clipboard.current = boxes;
    };
    const paste = () => {
      if (editable() && ctx().clipboard.current.length > 0) call(ctx().engine, 'paste', ctx().clipboard.current);
    };
    const copyPrevious = () => {
      if (!editable()) return;
      const engine = ctx().engine;
      void ctx()
        .previousBoxes()
        .then((boxes) => {
          // Still the same engine, and still editable, once the boxes arrive.
          if (boxes.length > 0 && engine === ctx().engine && editable()) call(engine, 'addBoxes', boxes);
        })
        .catch(() => undefined);
    };
    const flagged = (flag: 'hidden' | 'locked') => selected().every((id) => flagsOf(ctx().engine, id)[flag]);
    const toggleHidden = () => {
      const ids = selected();
      if (ids.length > 0 && call(ctx().engine, 'setHidden', ids, !flagged('hidden'))) ctx().onFlags();
    };
    const toggleLocked = () => {
      const ids = selected();
      if (ids.length > 0 && call(ctx().engine, 'setLocked', ids, !flagged('locked'))) ctx().onFlags();
    };
    let allHidden = false;
    const hideAll = () => {
      allHidden = !allHidden;
      if (call(ctx().engine, 'setAllHidden', allHidden)) ctx().onFlags();
    };
    const nudge = (dx: number, dy: number) => (e: KeyboardEvent) => {
      const step = e.shiftKey ? NUDGE_SHIFT_PX : NUDGE_PX;
      if (editable()) call(ctx().engine, 'nudgeSelection', dx * step, dy * step);
    };

    const keys: StudioKeyHandlers = {
      select: () => setTool('select'),
      pan: () => setTool('pan'),
      box: () => ctx().kind !== 'class' && setTool('box'),
      polygon: () => ctx().kind === 'polygon' && setTool('polygon'),
      assistPoint: () => ctx().kind !== 'class' && setTool('assistPoint' as ToolName),
      zoomIn: () => zoom(1.25),
      zoomOut: () => zoom(1 / 1.25),
      fit: () => ctx().engine?.fit(),
      zoomToSelection: () => zoomToSelection(ctx().engine, ctx().stage.current),
      fullscreen: () => toggleFullscreen(ctx().container.current),
      nudgeUp: nudge(0, -1),
      nudgeDown: nudge(0, 1),
      nudgeLeft: nudge(-1, 0),
      nudgeRight: nudge(1, 0),
      delete: () => editable() && ctx().engine?.deleteSelection(),
      selectAll: () => call(ctx().engine, 'selectAll'),
      copy,
      paste,
      copyPrevious,
      cycleNext: () => call(ctx().engine, 'cycleSelection', 1),
      cyclePrevious: () => call(ctx().engine, 'cycleSelection', -1),
      toggleHidden,
      toggleLocked,
      hideAll,
      undo: () => editable() && ctx().engine?.undo(),
      redo: () => editable() && ctx().engine?.redo(),
      save: () => ctx().saveNow(),
      previousImage: () => ctx().step('previous'),
      nextImage: () => ctx().step('next'),
      confirm: () => call(ctx().engine, 'confirm'),
      cancel: () => call(ctx().engine, 'cancel'),
      cheatSheet: () => ctx().openCheatSheet(),
    };
    for (let i = 1; i <= 9; i++) keys[`label${i}` as keyof StudioKeyHandlers] = () => label(i - 1);
    return {
      setTool,
      zoom,
      fullscreen: () => toggleFullscreen(ctx().container.current),
      label,
      copy,
      paste,
      copyPrevious,
      toggleHidden,
      toggleLocked,
      hideAll,
      setFlag: (id, flag, on) => {
        if (call(ctx().engine, flag === 'hidden' ? 'setHidden' : 'setLocked', [id], on)) ctx().onFlags();
      },
      keys,
    };
  }, []);
}
