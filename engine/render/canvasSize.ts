/**
 * Sizes the drawing buffer to the CSS size times the device pixel ratio, so one texel of a
 * sharp tile lands on one device pixel. Returns true when the buffer changed (the caller
 * re-renders). The CSS size itself is left to the page's layout.
 */
export function sizeCanvas(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  cssWidth: number,
  cssHeight: number,
  dpr: number,
): boolean {
  const width = Math.max(1, Math.round(cssWidth * dpr));
  const height = Math.max(1, Math.round(cssHeight * dpr));
  if (canvas.width === width && canvas.height === height) return false;
  canvas.width = width;
  canvas.height = height;
  return true;
}
