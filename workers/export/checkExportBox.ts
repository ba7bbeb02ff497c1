/**
 * What of an annotation is exported. A box as vocXml.ts checks it. A polygon is fitted to its
 * image as imports fit it (contract/datasetFormat/polygonGeometry.ts: vertices up to half a pixel
 * outside are moved onto the edge), rounded to 1/100 px so COCO stays compact (a round trip moves
 * a vertex by at most 0.005 px), and given the bounding box of those exported vertices, so the
 * VOC box and the COCO polygon of one annotation agree exactly (contract/datasetFormat/cocoMatchesVoc.ts).
 */
import { fitPolygon, polygonBounds } from '../../contract/datasetFormat/polygonGeometry';
import { boxProblem, type BoxProblem, type ExportBox } from './vocXml';

/** To 1/100 px. */
export const roundCentipixel = (value: number): number => Math.round(value * 100) / 100;

export function checkExportBox(
  box: ExportBox,
  width: number,
  height: number,
): { box: ExportBox } | { problem: BoxProblem } {
  if (!box.points) {
    const problem = boxProblem(box, width, height);
    return problem ? { problem } : { box };
  }
  if (!box.points.every(Number.isFinite)) return { problem: 'not_finite' };
  const fitted = fitPolygon(box.points, width, height);
  if ('problem' in fitted) return { problem: fitted.problem === 'polygon_invalid' ? 'not_positive' : 'outside_image' };
  const points = fitted.points.map(roundCentipixel);
  const polygon: ExportBox = { id: box.id, label: box.label, ...polygonBounds(points), points };
  const problem = boxProblem(polygon, width, height);
  return problem ? { problem } : { box: polygon };
}
