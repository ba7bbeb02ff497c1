/*
 * Where each image of the gallery sits, in world units: one unit per cell, image n at column
 * n % columns and row ⌊n / columns⌋, rows going down (world y is negative downwards). Pure math,
 * so hit-testing 10,000 images is one division, not a raycast.
 */

export interface GalleryLayout {
  count: number;
  columns: number;
  rows: number;
}

/** A near-square block of cells shaped like the viewport (aspect = width / height). */
export function galleryLayout(count: number, aspect: number): GalleryLayout {
  const columns = Math.max(1, Math.min(count, Math.ceil(Math.sqrt(count * Math.max(aspect, 0.1)))));
  return { count, columns, rows: Math.ceil(count / columns) };
}

/** Centre of image n. */
export function cellCentre(layout: GalleryLayout, n: number): [number, number] {
  return [(n % layout.columns) + 0.5, -(Math.floor(n / layout.columns) + 0.5)];
}

/** The image under a world point, or -1 (outside the grid, or in the gap between cells). */
export function cellAt(layout: GalleryLayout, x: number, y: number, gap = 0): number {
  const column = Math.floor(x);
  const row = Math.floor(-y);
  if (column < 0 || column >= layout.columns || row < 0) return -1;
  const fx = x - column;
  const fy = -y - row;
  const half = gap / 2;
  if (fx < half || fx > 1 - half || fy < half || fy > 1 - half) return -1;
  const n = row * layout.columns + column;
  return n < layout.count ? n : -1;
}
