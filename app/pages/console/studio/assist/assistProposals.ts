import type { Prediction } from '../../../../../contract/apiTraining';
import { MIN_BOX_SIZE, type Box, type ModelProposal } from '../../../../../engine';
import type { ImagePrediction } from '../../../../../workers/assistAi/viewTiles';

/** A proposed class of a classification model: the project's label and the score. */
export interface ClassProposal {
  labelId: string;
  /** Engine label index (the project's label order). */
  label: number;
  score: number;
}

/** Where each model output goes: the project's label index of output i (-1: a label the project no longer has). */
export function outputLabels(
  modelLabels: readonly { id: string }[],
  projectLabels: readonly { id: string }[],
): number[] {
  const index = new Map(projectLabels.map((l, i) => [l.id, i]));
  return modelLabels.map((l) => index.get(l.id) ?? -1);
}

/** The worker's predictions as engine proposals (ids `p1`, `p2`, … in score order) and class proposals. */
export function toProposals(
  predictions: readonly ImagePrediction[],
  outputs: readonly number[],
  projectLabels: readonly { id: string }[],
): { boxes: ModelProposal[]; classes: ClassProposal[] } {
  const boxes: ModelProposal[] = [];
  const classes: ClassProposal[] = [];
  for (const p of predictions) {
    const label = outputs[p.classIndex] ?? -1;
    const labelId = projectLabels[label]?.id;
    if (label < 0 || labelId === undefined) continue;
    if (p.box) boxes.push({ id: `p${boxes.length + 1}`, box: { ...p.box }, label, score: p.score });
    else classes.push({ labelId, label, score: p.score });
  }
  return { boxes, classes };
}

/** A training's stored predictions (label ids, image px) as engine proposals. */
export function storedToProposals(
  predictions: readonly Prediction[],
  projectLabels: readonly { id: string }[],
): ModelProposal[] {
  const index = new Map(projectLabels.map((l, i) => [l.id, i]));
  const out: ModelProposal[] = [];
  for (const p of predictions) {
    const label = index.get(p.labelId);
    if (label === undefined || !p.box) continue;
    const [x, y, width, height] = p.box;
    out.push({ id: `t${out.length + 1}`, box: { x, y, width, height }, label, score: p.score });
  }
  return out;
}

/**
 * The annotation box an accepted proposal becomes: its rectangle rounded to whole pixels and
 * grown about its centre to at least MIN_BOX_SIZE a side (the server refuses smaller boxes),
 * kept inside the image.
 */
export function proposalToBox(p: ModelProposal, image: { width: number; height: number }): Box {
  const grow = (start: number, size: number, extent: number): [number, number] => {
    const side = Math.min(extent, Math.max(MIN_BOX_SIZE, Math.round(size)));
    const centre = start + size / 2;
    const at = Math.round(Math.max(0, Math.min(extent - side, centre - side / 2)));
    return [at, side];
  };
  const [x, width] = grow(p.box.x, p.box.width, image.width);
  const [y, height] = grow(p.box.y, p.box.height, image.height);
  return { id: p.id, x, y, width, height, label: p.label };
}
