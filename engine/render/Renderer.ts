import { EngineError, type EngineErrorCode } from '../types';
import { BoxMapPass } from './BoxMapPass';
import { BoxPass } from './BoxPass';
import { CrosshairPass } from './CrosshairPass';
import { LabelPass } from './LabelPass';
import { PolygonPass } from './PolygonPass';
import { TilePass } from './TilePass';
import { initTileUploads } from './tileTexture';

/** Counters that tests and benchmarks assert on (e.g. an adjustment costs 0 uploads). */
export interface RenderStats {
  /** Frames rendered. */
  frames: number;
  /** Tile textures uploaded (created or re-filled). */
  textureUploads: number;
  /** Tiles asked of the tile source. */
  tileRequests: number;
  /** Draw calls issued, summed over all frames. */
  drawCalls: number;
  /** Main-thread milliseconds of the last frame. */
  lastFrameMs: number;
}

/** The GPU passes, recreated together after a lost context is restored. */
export interface Passes {
  gl: WebGL2RenderingContext;
  tiles: TilePass;
  boxes: BoxPass;
  boxMap: BoxMapPass;
  labels: LabelPass;
  crosshair: CrosshairPass;
  polygons: PolygonPass;
}

export interface RendererOptions {
  /** Keep the drawing buffer after compositing, so tests can read pixels back. */
  preserveDrawingBuffer?: boolean;
  /** Clear colour, RGB in 0..255. */
  background?: readonly [number, number, number];
  /** Draws one frame with the passes; returns whether another frame is needed right away. */
  draw: (passes: Passes, now: number) => boolean;
  /** Called with 'context_lost' when the GPU context goes away. */
  onError: (code: EngineErrorCode) => void;
  /** Called after a lost context came back and the passes were rebuilt (GPU data is gone). */
  onRestored: (passes: Passes) => void;
  /** Frame scheduling, injectable for tests. */
  requestFrame?: (cb: (now: number) => void) => number;
  cancelFrame?: (id: number) => void;
}

/**
 * Owns the WebGL2 context, the passes and the frame loop. Rendering is on demand: anything that
 * changes the picture calls {@link invalidate}, which schedules one requestAnimationFrame; when
 * nothing is dirty, no frame runs and the page is idle (no permanent loop).
 *
 * Why not regl: regl compiles its draw commands with `new Function`, which the app's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids. The passes keep
 * regl's discipline instead: programs and vertex arrays are created once, a frame only sets
 * uniforms and issues draws, textures are reused with `texSubImage2D`, buffers updated with
 * `bufferSubData`.
 */
export class Renderer {
  readonly gl: WebGL2RenderingContext;
  private passes: Passes | null;
  private frameId: number | null = null;
  private lost = false;
  private disposed = false;
  private readonly requestFrame: (cb: (now: number) => void) => number;
  private readonly cancelFrame: (id: number) => void;
  private readonly background: readonly [number, number, number];

  /** Throws `EngineError('webgl_unavailable')` when the browser gives no WebGL2 context. */
  constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly options: RendererOptions,
  ) {
    let gl: WebGL2RenderingContext | null;
    try {
      gl = canvas.getContext('webgl2', {
        alpha: false,
        antialias: false,
        depth: false,
        stencil: false,
        premultipliedAlpha: true,
        preserveDrawingBuffer: options.preserveDrawingBuffer ?? false,
        powerPreference: 'high-performance',
      });
    } catch {
      gl = null;
    }
    if (!gl) throw new EngineError('webgl_unavailable');
    this.gl = gl;
    this.background = options.background ?? [32, 33, 36];
    this.requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
    this.cancelFrame = options.cancelFrame ?? ((id) => cancelAnimationFrame(id));
    try {
      this.passes = this.createPasses();
    } catch (e) {
      throw new EngineError('webgl_unavailable', e instanceof Error ? e.message : undefined);
    }
    canvas.addEventListener('webglcontextlost', this.onLost);
    canvas.addEventListener('webglcontextrestored', this.onRestore);
  }

  private createPasses(): Passes {
    const { gl } = this;
    initTileUploads(gl);
    return {
      gl,
      tiles: new TilePass(gl),
      boxes: new BoxPass(gl),
      boxMap: new BoxMapPass(gl),
      labels: new LabelPass(gl),
      crosshair: new CrosshairPass(gl),
      polygons: new PolygonPass(gl),
    };
  }

  /** The passes, or null while the context is lost. */
  get current(): Passes | null {
    return this.lost ? null : this.passes;
  }

  /** Whether the context is lost (nothing renders until it is restored). */
  get isLost(): boolean {
    return this.lost;
  }

  /** Marks the picture dirty: one frame will run at the next animation frame. */
  invalidate(): void {
    if (this.frameId !== null || this.lost || this.disposed) return;
    this.frameId = this.requestFrame(this.frame);
  }

  /** Whether a frame is scheduled (the page is idle when false). */
  get pending(): boolean {
    return this.frameId !== null;
  }

  private readonly frame = (now: number): void => {
    this.frameId = null;
    const passes = this.current;
    if (!passes) return;
    const { gl } = this;
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    const [r, g, b] = this.background;
    gl.clearColor(r / 255, g / 255, b / 255, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    if (this.options.draw(passes, now)) this.invalidate();
  };

  private readonly onLost = (e: Event): void => {
    // preventDefault tells the browser we can restore, so it may give the context back.
    e.preventDefault();
    this.lost = true;
    if (this.frameId !== null) this.cancelFrame(this.frameId);
    this.frameId = null;
    this.options.onError('context_lost');
  };

  private readonly onRestore = (): void => {
    if (this.disposed) return;
    try {
      this.passes = this.createPasses();
    } catch {
      this.options.onError('context_lost');
      return;
    }
    this.lost = false;
    this.options.onRestored(this.passes);
    this.invalidate();
  };

  dispose(): void {
    this.disposed = true;
    if (this.frameId !== null) this.cancelFrame(this.frameId);
    this.frameId = null;
    this.canvas.removeEventListener('webglcontextlost', this.onLost);
    this.canvas.removeEventListener('webglcontextrestored', this.onRestore);
    if (this.passes && !this.lost) {
      this.passes.tiles.dispose();
      this.passes.boxes.dispose();
      this.passes.boxMap.dispose();
      this.passes.labels.dispose();
      this.passes.crosshair.dispose();
      this.passes.polygons.dispose();
    }
    this.passes = null;
  }
}
