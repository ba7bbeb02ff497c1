import type { Annotation } from '../../../../contract/apiAnnotations';
import type { Box, LabelClass } from '../../../../engine';

/** What the engine draws for one image: its label classes and the boxes that index into them. */
export interface EngineAnnotations {
  labels: LabelClass[];
  boxes: Box[];
  /** Label ids of whole-image ('class') annotations, shown beside the image rather than drawn. */
  classLabelIds: string[];
}

/**
 * Turns the API's annotations into the engine's shapes. The engine refers to labels by index,
 * so `labels` follows the project's label order; boxes of a label the project no longer has
 * are left out rather than drawn in a wrong colour.
 */
export function annotationBoxes(
  annotations: readonly Annotation[],
  projectLabels: readonly { id: string; name: string; color: string }[],
): EngineAnnotations {
  const index = new Map(projectLabels.map((label, i) => [label.id, i]));
  const boxes: Box[] = [];
  const classLabelIds: string[] = [];
  for (const a of annotations) {
    const label = index.get(a.labelId);
    if (label === undefined) continue;
    if (a.kind === 'class') {
      if (!classLabelIds.includes(a.labelId)) classLabelIds.push(a.labelId);
    } else if (a.width > 0 && a.height > 0) {
      const box: Box = { id: a.id, x: a.x, y: a.y, width: a.width, height: a.height, label };
      if (a.kind === 'polygon' && a.points) box.points = [...a.points];
      boxes.push(box);
    }
  }
  return { labels: projectLabels.map((l) => ({ name: l.name, color: l.color })), boxes, classLabelIds };
}
