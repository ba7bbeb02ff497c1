/**
 * GLSL sources of every render pass, with a typed uniforms interface per pass. This module is the
 * only importer of `*.glsl?raw` (house rule), so a pass's source and its uniform names live in one
 * place the renderer can type-check against.
 */
import tileVert from './tile.vert.glsl?raw';
import tileFrag from './tile.frag.glsl?raw';
import boxVert from './box.vert.glsl?raw';
import boxFrag from './box.frag.glsl?raw';
import boxMapVert from './boxMap.vert.glsl?raw';
import boxMapFrag from './boxMap.frag.glsl?raw';
import boxData from './boxData.glsl?raw';
import labelVert from './label.vert.glsl?raw';
import labelFrag from './label.frag.glsl?raw';
import crosshairVert from './crosshair.vert.glsl?raw';
import crosshairFrag from './crosshair.frag.glsl?raw';
import polygonVert from './polygon.vert.glsl?raw';
import polygonFrag from './polygon.frag.glsl?raw';

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

/** Uniforms of the box pass (boxes near the view, the box being drawn, resize handles). */
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
  /** Texture unit of the boxes' data (BOX_DATA). */
  u_boxes: number;
}

/** Uniforms of the box-map pass (every box pre-drawn into one texture, for far zooms). */
export interface BoxMapUniforms {
  /** The map's rectangle in CSS pixels relative to the canvas centre: x, y, width, height. */
  u_rect: readonly [number, number, number, number];
  u_viewportSize: readonly [number, number];
  /** Texture unit of the R8 map (label index + 1 per map pixel). */
  u_texture: number;
  /** Texture unit of the 256 × 1 RGBA label palette. */
  u_palette: number;
}

/** Uniforms of the label pass (label names above the streamed boxes, from a tag atlas). */
export interface LabelUniforms {
  u_centerHi: readonly [number, number];
  u_centerLo: readonly [number, number];
  u_zoom: number;
  u_viewportSize: readonly [number, number];
  /** Device pixels per CSS pixel: tags are snapped to device pixels. */
  u_dpr: number;
  /** Narrowest box on screen (CSS px) that gets its name. */
  u_minWidth: number;
  /** Atlas size in device pixels. */
  u_atlasSize: readonly [number, number];
  /** Texture unit of the RGBA16UI cell table (per label: x, y, width, height in the atlas; 256 per row). */
  u_cells: number;
  /** Texture unit of the premultiplied RGBA tag atlas. */
  u_atlas: number;
  /** Texture unit of the boxes' data (BOX_DATA). */
  u_boxes: number;
}

/**
 * Uniforms of the polygon pass (every polygon's outline as GL lines, and the overlay: selected
 * and hovered polygons, vertex handles, the polygon being drawn, the dashed proposal). Vertices
 * are POLYGON_VERTEX (outlines) or POLYGON_OVERLAY_VERTEX (overlay) records.
 */
export interface PolygonUniforms {
  u_centerHi: readonly [number, number];
  u_centerLo: readonly [number, number];
  u_zoom: number;
  u_viewportSize: readonly [number, number];
  /** Dash pattern of dashed overlay lines: on, off in CSS pixels. */
  u_dash: readonly [number, number];
}

/**
 * Vertex layouts of the polygon pass. Outlines: x, y (float32, image px) and RGBA bytes — 12
 * bytes a vertex, two vertices a segment (GL_LINES). Overlay: x, y (image px), offset x, y (CSS
 * px), RGBA bytes, dash distance (image px, < 0 solid) — 24 bytes a vertex (triangles).
 */
export const POLYGON_VERTEX = { bytes: 12, words: 3 } as const;
export const POLYGON_OVERLAY_VERTEX = { bytes: 24, words: 6 } as const;

/** Uniforms of the crosshair pass. */
export interface CrosshairUniforms {
  /** Cursor in CSS pixels from the canvas top left. */
  u_point: readonly [number, number];
  u_viewportSize: readonly [number, number];
  u_lineWidth: number;
  /** Premultiplied RGBA in [0, 1]. */
  u_color: readonly [number, number, number, number];
}

/**
 * How the box and label passes read boxes: from an RGBA32UI texture (`u_boxes`), two texels
 * per box, `rowTexels` texels per row; texel 0 holds x, y, width, height (float32 bits, image px),
 * texel 1 the colour (bytes R, G, B, A from the low byte up), the BOX_FLAGS bits | label index
 * << 16, and two unused words. Each box has `verticesPerBox` vertices (indexed draws; the
 * shaders find the box from gl_VertexID), none of which carries data of its own.
 */
export const BOX_DATA = { wordsPerBox: 8, texelsPerBox: 2, rowTexels: 2048, verticesPerBox: 8 } as const;

/** Bits of the flags in a box's data (BOX_DATA; kept in sync with box.vert/box.frag). */
export const BOX_FLAGS = {
  selected: 1,
  hovered: 2,
  /** A deleted box: not drawn. */
  hidden: 4,
  /** `a_rect` is a centre in image pixels and a size in CSS pixels (resize handles). */
  handle: 8,
  /** A polygon's bounding box: its outline is the polygon pass's, so the box pass draws nothing (labels still show). */
  shape: 16,
} as const;

export const tileShader: ShaderSources = { vert: tileVert, frag: tileFrag };
/** Splices the shared chunks in place of their `#include name` lines (WebGL has no includes). */
function withChunks(source: string): string {
  return source.replace(/^#include boxData$/m, boxData);
}

export const boxShader: ShaderSources = { vert: withChunks(boxVert), frag: boxFrag };
export const boxMapShader: ShaderSources = { vert: boxMapVert, frag: boxMapFrag };
export const labelShader: ShaderSources = { vert: withChunks(labelVert), frag: labelFrag };
export const crosshairShader: ShaderSources = { vert: crosshairVert, frag: crosshairFrag };
export const polygonShader: ShaderSources = { vert: polygonVert, frag: polygonFrag };

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
