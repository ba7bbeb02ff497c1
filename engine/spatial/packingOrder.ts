/**
 * The leaf order of the packed R-tree (see PackedRTree.ts for why): Hilbert order of the box
 * centres, with dense Hilbert cells split by area class, and each run of `nodeSize` leaves
 * sorted by area. Pure; O(n) apart from the tiny per-node sorts.
 */
import { hilbert, sortByKey } from './hilbert';

/** Packing parameters (defaults chosen by `npm run bench:hittest`). */
export interface PackedRTreeOptions {
  /** Children per node (default 16). */
  nodeSize?: number;
  /** Area classes inside each cell: 1, 2, 4 or 8 (default 4, quartiles of the box areas). */
  areaClasses?: number;
  /** Average boxes per coarse Hilbert cell (default 16). */
  cellItems?: number;
  /**
   * Cells whose boxes cover them this many times over on average (sum of box areas / cell
   * area) are split by area class; sparser cells keep plain Hilbert order (default 8).
   */
  denseDepth?: number;
}

/** Bounds of all boxes (for scaling centres onto the 2^16 Hilbert grid). */
export interface Extent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * The order in which to lay out `count` boxes (`coords[4i..4i+3]` = minX, minY, maxX, maxY) as
 * tree leaves: a permutation of 0..count-1.
 */
export function packingOrder(
  coords: ArrayLike<number>,
  count: number,
  extent: Extent,
  options: PackedRTreeOptions = {},
): Uint32Array {
  const nodeSize = options.nodeSize ?? 16;
  const areas = new Float64Array(count);
  for (let i = 0; i < count; i++)
    areas[i] = (coords[4 * i + 2]! - coords[4 * i]!) * (coords[4 * i + 3]! - coords[4 * i + 1]!);
  const keys = packingKeys(
    coords,
    areas,
    count,
    extent,
    options.areaClasses ?? 4,
    options.cellItems ?? 16,
    options.denseDepth ?? 8,
  );
  const order = sortByKey(keys);
  sortGroupsByArea(order, areas, nodeSize);
  return order;
}

/**
 * Sort keys (see the file comment): coarse Hilbert cell in the top bits, then the area class,
 * then the fine Hilbert position inside the cell.
 */
function packingKeys(
  coords: ArrayLike<number>,
  areas: Float64Array,
  count: number,
  extent: Extent,
  classes: number,
  cellItems: number,
  denseDepth: number,
): Uint32Array {
  const { minX, minY, maxX, maxY } = extent;
  const sx = 0xffff / (maxX - minX || 1);
  const sy = 0xffff / (maxY - minY || 1);
  const keys = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const cx = (coords[4 * i]! + coords[4 * i + 2]!) / 2;
    const cy = (coords[4 * i + 1]! + coords[4 * i + 3]!) / 2;
    keys[i] = hilbert(((cx - minX) * sx) | 0, ((cy - minY) * sy) | 0);
  }
  const classBits = Math.max(0, Math.min(3, Math.round(Math.log2(Math.max(1, classes)))));
  const cellBits = 2 * Math.max(0, Math.min(10, Math.round(Math.log(Math.max(1, count / cellItems)) / Math.log(4))));
  if (classBits === 0 || cellBits === 0) return keys;
  // Only dense cells are split by area: elsewhere a point meets few boxes and the split would
  // only add descents.
  const cellShift = 32 - cellBits;
  const coverage = new Float64Array(2 ** cellBits);
  for (let i = 0; i < count; i++) coverage[keys[i]! >>> cellShift]! += areas[i]!;
  const side = 2 ** (cellBits / 2);
  const minCoverage = denseDepth * ((maxX - minX) / side) * ((maxY - minY) / side);
  const fineBits = cellShift - classBits;
  const fineMask = (1 << fineBits) - 1;
  const cellMask = cellBits === 0 ? 0 : ~((1 << cellShift) - 1);
  const bounds = areaQuantiles(areas, count, 1 << classBits);
  for (let i = 0; i < count; i++) {
    const h = keys[i]!;
    if (coverage[h >>> cellShift]! < minCoverage) continue;
    const area = areas[i]!;
    let cls = 0;
    while (cls < bounds.length && area >= bounds[cls]!) cls += 1;
    keys[i] = ((h & cellMask) | (cls << fineBits) | ((h >>> classBits) & fineMask)) >>> 0;
  }
  return keys;
}

/** `classes - 1` area thresholds splitting the boxes into equal-count classes (from a sample). */
function areaQuantiles(areas: Float64Array, count: number, classes: number): number[] {
  if (classes <= 1 || count === 0) return [];
  const step = Math.max(1, Math.floor(count / 2048));
  const sample = new Float64Array(Math.ceil(count / step));
  for (let i = 0, k = 0; i < count; i += step) sample[k++] = areas[i]!;
  sample.sort();
  const bounds: number[] = [];
  for (let k = 1; k < classes; k++) bounds.push(sample[Math.floor((k * sample.length) / classes)] ?? Infinity);
  return bounds;
}

/** Sorts each run of `nodeSize` items of `order` (one leaf node) by area, ascending. */
function sortGroupsByArea(order: Uint32Array, areas: Float64Array, nodeSize: number): void {
  const n = order.length;
  for (let g = 0; g < n; g += nodeSize) {
    const end = Math.min(g + nodeSize, n);
    for (let a = g + 1; a < end; a++) {
      const item = order[a]!;
      const key = areas[item]!;
      let b = a;
      while (b > g && areas[order[b - 1]!]! > key) {
        order[b] = order[b - 1]!;
        b -= 1;
      }
      order[b] = item;
    }
  }
}
