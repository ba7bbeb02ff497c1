/**
 * GLSL sources of every render pass, with a typed uniforms interface per pass. This module is the
 * only importer of `*.glsl?raw` (house rule), so a pass's source and its uniform names live in one
 * place the renderer can type-check against.
 */
import tileVert from './tile.vert.glsl?raw';
import tileFrag from './tile.frag.glsl?raw';
import boxVert from './box.vert.glsl?raw';
import boxFrag from './box.frag.glsl?raw';
import crosshairVert from './crosshair.vert.glsl?raw';
import crosshairFrag from './crosshair.frag.glsl?raw';

/** A pass's GLSL ES 3.00 sources (WebGL2). */
export interface ShaderSources {
  readonly vert: string;
  readonly frag: string;
}

/** Uniforms of the tile pass (one textured quad per tile). */
export interface TileUniforms {
  /** Tile rectangle in CSS pixels relative to the canvas centre: x, y, width, height. */
  u_rect: readonly [number, number, number, number];
  /** Canvas size in CSS pixels. */
  u_viewportSize: readonly [number, number];
  /** Texture sub-rectangle to sample: x0, y0, x1, y1 in [0, 1]. */
  u_texRect: readonly [number, number, number, number];
  /** Texture unit of the tile texture. */
  u_texture: number;
  /** See {@link adjustPixel} for the exact formula. */
  u_contrast: number;
  u_brightness: number;
  u_gamma: number;
  /** 0 or 1. */
  u_invert: number;
}

/** Uniforms of the instanced box pass (boxes, the box being drawn, resize handles). */
export interface BoxUniforms {
  /** float32 high part of the camera centre in image pixels. */
  u_centerHi: readonly [number, number];
  /** Remainder: centre - hi, so that hi + lo is the float64 centre. */
  u_centerLo: readonly [number, number];
  /** CSS pixels per image pixel. */
  u_zoom: number;
  u_viewportSize: readonly [number, number];
  /** Outline width in CSS pixels. */
  u_lineWidth: number;
  /** Fill opacity of a selected box (hovered boxes use 60 % of it). */
  u_fillAlpha: number;
  /** 1 while drawing the ring geometry (outline only), 0 for the overlay quads. */
  u_ringPass: number;
}

/** Uniforms of the crosshair pass. */
export interface CrosshairUniforms {
  /** Cursor in CSS pixels from the canvas top left. */
  u_point: readonly [number, number];
  u_viewportSize: readonly [number, number];
  u_lineWidth: number;
  /** Premultiplied RGBA in [0, 1]. */
  u_color: readonly [number, number, number, number];
}

/** Per-instance attributes of the box pass. */
export const BOX_ATTRIBUTES = { corner: 'a_corner', rect: 'a_rect', color: 'a_color', flags: 'a_flags' } as const;

/** Bits of the box pass's per-instance `a_flags` (kept in sync with box.vert/box.frag). */
export const BOX_FLAGS = {
  selected: 1,
  hovered: 2,
  /** A free slot: not drawn. */
  hidden: 4,
  /** `a_rect` is a centre in image pixels and a size in CSS pixels (resize handles). */
  handle: 8,
  /** Overlay fill of a box whose outline the ring pass already drew. */
  fillOnly: 16,
} as const;

/**
 * Vertex corners of the box pass's two geometries (x, y in [0, 1], z = 1 for inner vertices):
 * a ring between the outer and inner edge (TRIANGLE_STRIP, 10 vertices) and a quad (4).
 */
export const BOX_RING_CORNERS = new Float32Array([
  0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1,
]);
export const BOX_QUAD_CORNERS = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);

export const tileShader: ShaderSources = { vert: tileVert, frag: tileFrag };
export const boxShader: ShaderSources = { vert: boxVert, frag: boxFrag };
export const crosshairShader: ShaderSources = { vert: crosshairVert, frag: crosshairFrag };

/** The adjustment parameters (structurally the engine's `Adjustments`). */
export interface AdjustmentParams {
  contrast: number;
  brightness: number;
  gamma: number;
  invert: boolean;
}

/**
 * The tile fragment shader's formula on one channel value in [0, 1], for tests that compare
 * read-back pixels and for CPU-side previews:
 *
 * ```
 * c = clamp((v - 0.5) * contrast + 0.5 + brightness, 0, 1)
 * c = pow(c, 1 / gamma)
 * if (invert) c = 1 - c
 * ```
 */
export function adjustPixel(value: number, p: AdjustmentParams): number {
  let c = Math.min(1, Math.max(0, (value - 0.5) * p.contrast + 0.5 + p.brightness));
  c = Math.pow(c, 1 / p.gamma);
  return p.invert ? 1 - c : c;
}
