import type { AnnotationKind } from '../../../../contract/apiAnnotations';
import type { ProjectRole, Subtype } from '../../../../contract/apiProjects';
import type { ToolName } from '../../../../engine';

/**
 * What one image of a project is labeled with: object detection draws boxes, segmentation
 * polygons (and boxes where a box is the right shape), classification gives the whole image one class.
 */
export function studioKind(subtype: Subtype): AnnotationKind {
  if (subtype === 'IMAGE_CLASSIFICATION') return 'class';
  if (subtype === 'IMAGE_SEGMENTATION') return 'polygon';
  return 'box';
}

/** The drawing tool a kind starts with (classification draws nothing: it pans). */
export function defaultTool(kind: AnnotationKind): ToolName {
  if (kind === 'polygon') return 'polygon';
  if (kind === 'box') return 'box';
  return 'pan';
}

/** Roles that may change annotations (the annotation routes take a worker and up). */
const EDITORS: readonly ProjectRole[] = ['admin', 'member', 'worker'];

export function canEditAnnotations(role: ProjectRole | undefined): boolean {
  return role !== undefined && EDITORS.includes(role);
}
