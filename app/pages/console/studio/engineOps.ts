import type { Box, Engine } from '../../../../engine';

/**
 * Editing commands the studio uses beyond the engine's first interface (zoomBy, selectAll,
 * hide/lock, paste as one undo step, …). Each is called when the engine has it; an engine
 * without it leaves the action out (`has`) rather than imitating it with several undo steps.
 */
interface EditingEngine {
  zoomBy(factor: number): void;
  selectAll(): void;
  copySelection(): Box[];
  paste(boxes: readonly Box[]): string[];
  addBoxes(boxes: readonly Box[]): string[];
  setHidden(ids: Iterable<string>, hidden: boolean): void;
  setLocked(ids: Iterable<string>, locked: boolean): void;
  setAllHidden(hidden: boolean): void;
  zoomToSelection(): void;
  cycleSelection(step: 1 | -1): string | null;
  cancel(): boolean;
  confirm(): boolean;
  nudgeSelection(dx: number, dy: number): void;
  setSelectedLabel(label: number): void;
  getFlags(id: string): { hidden: boolean; locked: boolean };
}
export type EditingOp = keyof EditingEngine;

function ext(engine: Engine): Partial<EditingEngine> {
  return engine as unknown as Partial<EditingEngine>;
}

/** Whether the engine has the command `op`. */
export function has(engine: Engine | null, op: EditingOp): boolean {
  return engine !== null && typeof ext(engine)[op] === 'function';
}

/** Calls the engine's `op` when it has it; true when called. */
export function call<K extends EditingOp>(
  engine: Engine | null,
  op: K,
  ...args: Parameters<EditingEngine[K]>
): boolean {
  return run(engine, op, ...args) !== undefined;
}

/** Calls the engine's `op` when it has it: `{ value }` with its answer, or undefined when it has none. */
export function run<K extends EditingOp>(
  engine: Engine | null,
  op: K,
  ...args: Parameters<EditingEngine[K]>
): { value: ReturnType<EditingEngine[K]> } | undefined {
  if (!engine) return undefined;
  const fn = ext(engine)[op] as ((...a: Parameters<EditingEngine[K]>) => ReturnType<EditingEngine[K]>) | undefined;
  if (typeof fn !== 'function') return undefined;
  return { value: fn.apply(engine, args) };
}

/** Zooms by `factor` about the canvas centre (the engine's zoomBy, or zoomAbout the stage centre). */
export function zoomBy(engine: Engine | null, factor: number, stage: HTMLElement | null): void {
  if (!engine || call(engine, 'zoomBy', factor)) return;
  const width = stage?.clientWidth ?? 0;
  const height = stage?.clientHeight ?? 0;
  engine.zoomAbout({ x: width / 2, y: height / 2 }, factor);
}

/** Shows the selection: the engine's zoomToSelection, or the view centred on the selection's bounds. */
export function zoomToSelection(engine: Engine | null, stage: HTMLElement | null): void {
  if (!engine || call(engine, 'zoomToSelection')) return;
  const ids = new Set(engine.getSelection());
  const boxes = engine.getBoxes().filter((b) => ids.has(b.id));
  if (boxes.length === 0) return;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  const width = Math.max(1, stage?.clientWidth ?? 800);
  const height = Math.max(1, stage?.clientHeight ?? 600);
  const zoom = Math.min((width * 0.6) / Math.max(1, x1 - x0), (height * 0.6) / Math.max(1, y1 - y0), 4);
  engine.setView({ centerX: (x0 + x1) / 2, centerY: (y0 + y1) / 2, zoom });
}

/** The hidden and locked flags of one annotation (none when the engine keeps no flags). */
export function flagsOf(engine: Engine | null, id: string): { hidden: boolean; locked: boolean } {
  return run(engine, 'getFlags', id)?.value ?? { hidden: false, locked: false };
}
