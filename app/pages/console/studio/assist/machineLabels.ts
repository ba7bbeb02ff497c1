import type { Annotation } from '../../../../../contract/apiAnnotations';
import type { AnnotationState, OpDraft } from '../sync/syncTypes';

/** The machine labels of an image's annotations (a model wrote them, no person accepted them): id → score. */
export function machineLabelsOf(annotations: readonly Annotation[] | null): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const a of annotations ?? []) if (a.source === 'machine') out.set(a.id, a.score ?? null);
  return out;
}

/**
 * The operations that accept machine labels: each put unchanged (its state now, as the studio
 * has it), which makes it a person's on the server. Ids that are not machine labels, or gone,
 * give nothing.
 */
export function acceptOps(
  ids: Iterable<string>,
  annotations: readonly Annotation[] | null,
  machine: ReadonlyMap<string, number | null>,
): OpDraft[] {
  const byId = new Map((annotations ?? []).map((a) => [a.id, a]));
  const drafts: OpDraft[] = [];
  for (const id of ids) {
    const a = byId.get(id);
    if (!a || !machine.has(id)) continue;
    const state: AnnotationState = {
      id: a.id,
      labelId: a.labelId,
      kind: a.kind,
      x: a.x,
      y: a.y,
      width: a.width,
      height: a.height,
    };
    if (a.points) state.points = [...a.points];
    drafts.push({ type: 'put', annotation: state });
  }
  return drafts;
}
