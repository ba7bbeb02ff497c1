import { labelShader, type LabelUniforms } from '../../shaders';
import type { LabelClass } from '../types';
import type { BoxBuffer } from './BoxBuffer';
import { drawLabelAtlas, tagFont, type LabelAtlas } from './labelAtlas';
import { BoxIndexBuffer, QUAD } from './boxIndices';
import { createProgram, setCameraUniforms, setNearest, type GlProgram } from './glProgram';

const UNIFORMS = [
  'u_centerHi',
  'u_centerLo',
  'u_zoom',
  'u_viewportSize',
  'u_dpr',
  'u_minWidth',
  'u_atlasSize',
  'u_cells',
  'u_atlas',
  'u_boxes',
] as const satisfies readonly (keyof LabelUniforms)[];
/** Cells per row of the cell table (kept in sync with label.vert.glsl). */
const CELLS_PER_ROW = 256;

/**
 * Label names as GPU quads: every label's tag is drawn once into an atlas (on a 2D canvas, at
 * the device pixel ratio), and the streamed boxes' own data texture is drawn a second time with
 * a program that turns each box's first four vertices into its tag. No DOM, no per-box work on
 * the main thread: a pan or zoom changes uniforms only.
 */
export class LabelPass {
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  private readonly atlas: WebGLTexture;
  private readonly cells: WebGLTexture;
  /** One tag quad per box, on each box's first four vertices. */
  private readonly quads: BoxIndexBuffer;
  private readonly vao: WebGLVertexArrayObject;
  private atlasSize = { width: 1, height: 1 };
  private labels: readonly LabelClass[] | null = null;
  private dpr = 0;
  private family = '';
  /** Whether the atlas on the GPU is the current labels'. */
  private ready = false;
  /** An atlas drawn for the current labels, waiting for the next frame's upload. */
  private prepared: LabelAtlas | null = null;
  private readonly maxTextureSize: number;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, labelShader, UNIFORMS);
    const atlas = gl.createTexture();
    const cells = gl.createTexture();
    if (!atlas || !cells) throw new Error('createTexture failed');
    this.atlas = atlas;
    this.cells = cells;
    this.quads = new BoxIndexBuffer(gl, QUAD, 8192);
    this.vao = this.quads.createVao();
    this.maxTextureSize = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  }

  /**
   * Prepares the atlas when the labels (a new array), the device pixel ratio or the font
   * changed. Drawing it (text shaping on a 2D canvas, tens of ms the first time a page draws
   * text) runs in a task of its own, not in a frame; the next frame uploads it and names show
   * from then on (`invalidate` asks for that frame). Web fonts split by unicode range load only
   * when text asks for them, and a canvas does not redraw itself when they arrive: the glyphs
   * the names need are requested, and the atlas is drawn again once the missing ones arrived.
   */
  setLabels(labels: readonly LabelClass[], dpr: number, family: string, invalidate: () => void): void {
    if (labels === this.labels && dpr === this.dpr && family === this.family) return;
    this.labels = labels;
    this.dpr = dpr;
    this.family = family;
    this.ready = false;
    this.prepared = null;
    if (labels.length === 0) return;
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    const text = labels.map((l) => l.name).join('');
    // check() is true once every face the text needs is loaded (or none is a web font).
    if (fonts && !fonts.check(tagFont(family), text)) {
      fonts.load(tagFont(family), text).then(
        (loaded) => {
          if (loaded.length === 0 || labels !== this.labels) return;
          this.labels = null;
          invalidate();
        },
        () => undefined,
      );
    }
    setTimeout(() => {
      if (labels !== this.labels || dpr !== this.dpr || family !== this.family) return;
      this.prepared = drawLabelAtlas(labels, dpr, family, this.maxTextureSize);
      if (this.prepared) invalidate();
    }, 0);
  }

  /** Uploads a prepared atlas and its cell table. */
  private upload(drawn: LabelAtlas, labels: number): void {
    const { gl } = this;
    gl.bindTexture(gl.TEXTURE_2D, this.atlas);
    setNearest(gl);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, drawn.image);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    this.atlasSize = { width: drawn.width, height: drawn.height };
    const rows = Math.max(1, Math.ceil(labels / CELLS_PER_ROW));
    const table = new Uint16Array(CELLS_PER_ROW * rows * 4);
    drawn.cells.forEach((c, i) => table.set([c.x, c.y, c.width, c.height], 4 * i));
    gl.bindTexture(gl.TEXTURE_2D, this.cells);
    setNearest(gl);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA16UI, CELLS_PER_ROW, rows, 0, gl.RGBA_INTEGER, gl.UNSIGNED_SHORT, table);
    this.ready = true;
  }

  /**
   * Draws the tags of `boxes` (a stream buffer) whose on-screen width reaches `minWidth` CSS px.
   * Returns the draw calls (0 or 1).
   */
  draw(
    boxes: BoxBuffer,
    cam: { centerX: number; centerY: number; zoom: number; width: number; height: number; dpr: number },
    minWidth: number,
  ): number {
    if (this.prepared && this.labels) {
      this.upload(this.prepared, this.labels.length);
      this.prepared = null;
    }
    if (!this.ready || boxes.length === 0) return 0;
    const { gl } = this;
    // Grown with no VAO bound (see BoxIndexBuffer).
    this.quads.ensure(boxes.length);
    const u = this.prog.uniforms;
    gl.useProgram(this.prog.program);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.activeTexture(gl.TEXTURE2);
    gl.bindTexture(gl.TEXTURE_2D, boxes.texture);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.cells);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.atlas);
    gl.uniform1i(u.u_atlas, 0);
    gl.uniform1i(u.u_cells, 1);
    gl.uniform1i(u.u_boxes, 2);
    setCameraUniforms(gl, u, cam);
    gl.uniform1f(u.u_dpr, cam.dpr);
    gl.uniform1f(u.u_minWidth, minWidth);
    gl.uniform2f(u.u_atlasSize, this.atlasSize.width, this.atlasSize.height);
    gl.bindVertexArray(this.vao);
    this.quads.draw(boxes.length);
    gl.bindVertexArray(null);
    gl.disable(gl.BLEND);
    return 1;
  }

  dispose(): void {
    const { gl } = this;
    gl.deleteVertexArray(this.vao);
    gl.deleteTexture(this.atlas);
    gl.deleteTexture(this.cells);
    this.quads.dispose();
    gl.deleteProgram(this.prog.program);
  }
}
