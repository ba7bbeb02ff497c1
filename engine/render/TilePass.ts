import { tileShader, type TileUniforms } from '../../shaders';
import type { Adjustments } from '../types';
import { createProgram, createQuadVao, type GlProgram } from './glProgram';

const UNIFORMS = [
  'u_rect',
  'u_viewportSize',
  'u_texRect',
  'u_texture',
  'u_contrast',
  'u_brightness',
  'u_gamma',
  'u_invert',
] as const satisfies readonly (keyof TileUniforms)[];

/**
 * The tile pass: one textured quad per tile, with the image adjustments as uniforms. The program
 * and its vertex array are created once; a frame sets the shared uniforms in {@link begin} and
 * then costs one uniform upload and one draw call per tile.
 */
export class TilePass {
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  private readonly vao: WebGLVertexArrayObject;
  private readonly buffer: WebGLBuffer;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, tileShader, UNIFORMS);
    ({ vao: this.vao, buffer: this.buffer } = createQuadVao(gl, this.prog.attribute('a_corner')));
  }

  /** Binds the program and sets the per-frame uniforms (viewport in CSS pixels, adjustments). */
  begin(cssWidth: number, cssHeight: number, adj: Adjustments): void {
    const { gl } = this;
    const u = this.prog.uniforms;
    gl.useProgram(this.prog.program);
    gl.bindVertexArray(this.vao);
    gl.disable(gl.BLEND);
    gl.activeTexture(gl.TEXTURE0);
    gl.uniform1i(u.u_texture, 0);
    gl.uniform2f(u.u_viewportSize, cssWidth, cssHeight);
    gl.uniform1f(u.u_contrast, adj.contrast);
    gl.uniform1f(u.u_brightness, adj.brightness);
    // A gamma of 0 would divide by zero in the shader; the UI never offers it, but stay finite.
    gl.uniform1f(u.u_gamma, Math.max(adj.gamma, 1e-3));
    gl.uniform1f(u.u_invert, adj.invert ? 1 : 0);
  }

  /**
   * Draws `texture` over the CSS-pixel rectangle (`x`, `y`, `w`, `h`, relative to the canvas
   * centre), sampling its sub-rectangle `u0..u1`, `v0..v1`.
   */
  draw(
    texture: WebGLTexture,
    x: number,
    y: number,
    w: number,
    h: number,
    u0: number,
    v0: number,
    u1: number,
    v1: number,
  ): void {
    const { gl } = this;
    const u = this.prog.uniforms;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.uniform4f(u.u_rect, x, y, w, h);
    gl.uniform4f(u.u_texRect, u0, v0, u1, v1);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  }

  end(): void {
    this.gl.bindVertexArray(null);
  }

  dispose(): void {
    const { gl } = this;
    gl.deleteBuffer(this.buffer);
    gl.deleteVertexArray(this.vao);
    gl.deleteProgram(this.prog.program);
  }
}
