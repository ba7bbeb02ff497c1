import type { BoxLayer } from './BoxLayer';
import type { PolygonLayer } from './PolygonLayer';
import type { Renderer } from './Renderer';
import type { TileLayer } from './TileLayer';

/** Diagnostics for tests, benchmarks and bug reports; not for product UI. */
export class EngineDebug {
  constructor(
    private readonly renderer: () => Renderer | null,
    private readonly tiles: TileLayer,
    private readonly boxes: BoxLayer,
    private readonly polygons?: PolygonLayer,
  ) {}

  /** The unmasked WebGL renderer string (e.g. "ANGLE (…, SwiftShader driver)"), or ''. */
  rendererInfo(): string {
    const gl = this.renderer()?.gl;
    if (!gl) return '';
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  }

  /**
   * RGBA of the device-pixel rectangle (`x`, `y` from the top left), rows top to bottom. Needs
   * `preserveDrawingBuffer: true` unless called in the frame that drew.
   */
  readPixels(x: number, y: number, width: number, height: number): Uint8Array {
    const gl = this.renderer()?.gl;
    const out = new Uint8Array(width * height * 4);
    if (!gl) return out;
    const flipped = new Uint8Array(width * height * 4);
    gl.readPixels(x, gl.drawingBufferHeight - y - height, width, height, gl.RGBA, gl.UNSIGNED_BYTE, flipped);
    const row = width * 4;
    for (let j = 0; j < height; j++) out.set(flipped.subarray((height - 1 - j) * row, (height - j) * row), j * row);
    return out;
  }

  /** Tiles of the current view: loaded (on screen) of wanted. */
  tileProgress(): { loaded: number; wanted: number } {
    return this.tiles.progress;
  }

  /** Whether every tile of the level the view needs is on screen. */
  isSharp(): boolean {
    return this.tiles.isSharp;
  }

  /** How boxes are drawn now: one by one ('stream') or as the pre-drawn box map ('map'). */
  boxMode(): { mode: 'stream' | 'map'; streamed: number } {
    return { mode: this.boxes.mode, streamed: this.boxes.streamed };
  }

  /** Whether the last frame drew label names (streamed boxes, few enough in view). */
  labelsShown(): boolean {
    return this.boxes.labelsShown;
  }

  /**
   * Polygon outline segments on the GPU, outline vertices the last frame drew (after culling;
   * 0 when the box map held them) and the bytes it uploaded for polygons.
   */
  polygonStats(): { segments: number; drawnVertices: number; lastUploadBytes: number } {
    return {
      segments: this.polygons?.segments ?? 0,
      drawnVertices: this.polygons?.lastVertices ?? 0,
      lastUploadBytes: this.polygons?.lastUploadBytes ?? 0,
    };
  }

  /** The WEBGL_lose_context extension, to test context loss. */
  loseContextExtension(): WEBGL_lose_context | null {
    return this.renderer()?.gl.getExtension('WEBGL_lose_context') ?? null;
  }

  /** Bytes of tile textures on the GPU now (≤ the budget). */
  textureBytes(): number {
    return this.tiles.textureBytes;
  }
}
