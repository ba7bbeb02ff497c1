import type { AnnotationKind } from '../../../../../contract/apiAnnotations';
import type { Box, BoxCommand } from '../../../../../engine';
import type { AnnotationState, OpDraft } from './syncTypes';

/** How a box becomes an annotation: the project's label ids by engine label index, and its kind. */
export interface EditContext {
  /** `labelIds[i]` is the id of the engine's label `i` (the project's label order). */
  labelIds: readonly string[];
  /** The project's kind: 'box' (detection), 'polygon' (segmentation) or 'class' (classification). */
  kind: AnnotationKind;
}

/** A box as the engine has it, polygons with their vertices. */
type EngineBox = Readonly<Box> & { readonly points?: readonly number[] };

/**
 * The annotation an engine box stands for. A box with `points` is a polygon (its x/y/width/height
 * are the bounding box, which the server recomputes); in a classification project the box only
 * carries the image's class. A label index the project does not have gets an empty label id,
 * which the outbox refuses as `label_not_found` rather than dropping the edit.
 */
export function boxToAnnotation(box: EngineBox, ctx: EditContext): AnnotationState {
  const labelId = ctx.labelIds[box.label] ?? '';
  if (ctx.kind === 'class') return { id: box.id, labelId, kind: 'class', x: 0, y: 0, width: 0, height: 0 };
  const base = { id: box.id, labelId, x: box.x, y: box.y, width: box.width, height: box.height };
  if (box.points && box.points.length > 0) return { ...base, kind: 'polygon', points: [...box.points] };
  return { ...base, kind: 'box' };
}

/**
 * The per-annotation drafts of one applied engine command: for every annotation it touched, its
 * state now (read through `readBox` after the command was applied), or a delete when it is gone.
 * Commands record both sides, so only the ids are taken from them; reading the current state
 * makes the conversion independent of each command's shape (a new command kind that names its
 * boxes by `boxId`, `boxes`, `moves` or `changes` converts without a change here).
 */
export function editToOps(
  command: BoxCommand,
  readBox: (id: string) => Readonly<Box> | undefined,
  ctx: EditContext,
): OpDraft[] {
  if (command.type === 'setBoxes') return setBoxesToOps(command.before, command.after, ctx);
  const drafts: OpDraft[] = [];
  for (const id of touchedIds(command)) {
    const box = readBox(id);
    drafts.push(box ? { type: 'put', annotation: boxToAnnotation(box, ctx) } : { type: 'delete', id });
  }
  return drafts;
}

/** A bulk replace sends only what differs: removed ids, new boxes and changed ones. */
function setBoxesToOps(before: readonly Box[], after: readonly Box[], ctx: EditContext): OpDraft[] {
  const old = new Map<string, EngineBox>();
  for (const b of before) old.set(b.id, b);
  const drafts: OpDraft[] = [];
  const kept = new Set<string>();
  for (const b of after as readonly EngineBox[]) {
    kept.add(b.id);
    const prev = old.get(b.id);
    if (!prev || !sameBox(prev, b)) drafts.push({ type: 'put', annotation: boxToAnnotation(b, ctx) });
  }
  for (const b of before) if (!kept.has(b.id)) drafts.push({ type: 'delete', id: b.id });
  return drafts;
}

function sameBox(a: EngineBox, b: EngineBox): boolean {
  if (a.x !== b.x || a.y !== b.y || a.width !== b.width || a.height !== b.height || a.label !== b.label) return false;
  const p = a.points ?? [];
  const q = b.points ?? [];
  return p.length === q.length && p.every((v, i) => v === q[i]);
}

/** The ids a command names, each once, in the command's order. */
export function touchedIds(command: BoxCommand): string[] {
  const ids = new Set<string>();
  const c = command as unknown as Record<string, unknown>;
  if (typeof c.boxId === 'string') ids.add(c.boxId);
  for (const key of ['boxes', 'after', 'before'] as const) {
    const list = c[key];
    if (Array.isArray(list)) for (const b of list as { id?: unknown }[]) if (typeof b.id === 'string') ids.add(b.id);
  }
  for (const key of ['moves', 'changes'] as const) {
    const list = c[key];
    if (Array.isArray(list))
      for (const m of list as { boxId?: unknown }[]) if (typeof m.boxId === 'string') ids.add(m.boxId);
  }
  return [...ids];
}

/**
 * The drafts that set a classification image's class: one 'class' annotation per image, kept
 * under its existing id (`current`), created under `newId` when there is none, deleted for null.
 */
export function classToOps(current: { id: string } | null, labelId: string | null, newId: string): OpDraft[] {
  if (labelId === null) return current ? [{ type: 'delete', id: current.id }] : [];
  const id = current?.id ?? newId;
  return [{ type: 'put', annotation: { id, labelId, kind: 'class', x: 0, y: 0, width: 0, height: 0 } }];
}
