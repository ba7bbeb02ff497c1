import { BOX_VERTEX, boxShader, type BoxUniforms } from '../../shaders';
import { BoxBuffer } from './BoxBuffer';
import { createProgram, type GlProgram } from './glProgram';

const UNIFORMS = [
  'u_centerHi', 'u_centerLo', 'u_zoom', 'u_viewportSize', 'u_lineWidth', 'u_fillAlpha',
] as const satisfies readonly (keyof BoxUniforms)[];

/** Camera state the box pass needs, in image pixels and CSS pixels. */
export interface BoxCamera {
  centerX: number;
  centerY: number;
  zoom: number;
  width: number;
  height: number;
}

export interface BoxStyle {
  /** Outline width in CSS pixels. */
  lineWidth: number;
  fillAlpha: number;
}

const scratch = new Float32Array(1);
/** The float32 nearest `v` (the "hi" half of a split double). */
function f32(v: number): number {
  scratch[0] = v;
  return scratch[0] ?? 0;
}

/**
 * The box pass: a stream of the boxes near the view (two buffers, drawn one at a time while the
 * other is rebuilt; see BoxStream) and `overlay` (selection, resize handles, the box being
 * drawn) as triangles, one draw call each, with one program created once.
 */
export class BoxPass {
  readonly streams: readonly [BoxBuffer, BoxBuffer];
  readonly overlay: BoxBuffer;
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  private readonly vaos: WebGLVertexArrayObject[] = [];
  /** Bytes uploaded by the last {@link draw}. */
  lastUploadBytes = 0;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, boxShader, UNIFORMS);
    this.streams = [new BoxBuffer(gl, 4096), new BoxBuffer(gl, 4096)];
    this.overlay = new BoxBuffer(gl, 16);
    for (const b of [...this.streams, this.overlay]) {
      const vao = gl.createVertexArray();
      if (!vao) throw new Error('createVertexArray failed');
      gl.bindVertexArray(vao);
      b.flush();
      b.bindAttributes(this.prog.attribute('a_rect'), this.prog.attribute('a_color'), this.prog.attribute('a_flags'));
      this.vaos.push(vao);
    }
    gl.bindVertexArray(null);
  }

  /**
   * Uploads pending changes, then draws stream `front` (-1: none) and the overlay; returns the
   * draw calls.
   */
  draw(cam: BoxCamera, style: BoxStyle, front: number): number {
    const { gl } = this;
    const u = this.prog.uniforms;
    this.lastUploadBytes = 0;
    for (const b of [...this.streams, this.overlay]) {
      b.flush();
      this.lastUploadBytes += b.lastUploadBytes;
    }
    const stream = this.streams[front];
    if (!stream?.length && this.overlay.length === 0) return 0;
    gl.useProgram(this.prog.program);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    const hiX = f32(cam.centerX);
    const hiY = f32(cam.centerY);
    gl.uniform2f(u.u_centerHi, hiX, hiY);
    gl.uniform2f(u.u_centerLo, cam.centerX - hiX, cam.centerY - hiY);
    gl.uniform1f(u.u_zoom, cam.zoom);
    gl.uniform2f(u.u_viewportSize, cam.width, cam.height);
    gl.uniform1f(u.u_lineWidth, style.lineWidth);
    gl.uniform1f(u.u_fillAlpha, style.fillAlpha);
    let calls = 0;
    const drawn: Array<[BoxBuffer | undefined, number]> = [[stream, front], [this.overlay, 2]];
    drawn.forEach(([b, i]) => {
      if (!b || b.length === 0) return;
      gl.bindVertexArray(this.vaos[i] ?? null);
      gl.drawArrays(gl.TRIANGLES, 0, b.length * BOX_VERTEX.perBox);
      calls += 1;
    });
    gl.bindVertexArray(null);
    gl.disable(gl.BLEND);
    return calls;
  }

  dispose(): void {
    const { gl } = this;
    for (const b of [...this.streams, this.overlay]) b.dispose();
    for (const v of this.vaos) gl.deleteVertexArray(v);
    gl.deleteProgram(this.prog.program);
  }
}
