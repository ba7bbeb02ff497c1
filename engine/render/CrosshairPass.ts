import { crosshairShader, type CrosshairUniforms } from '../../shaders';
import { createProgram, createQuadVao, type GlProgram } from './glProgram';

const UNIFORMS = [
  'u_point',
  'u_viewportSize',
  'u_lineWidth',
  'u_color',
] as const satisfies readonly (keyof CrosshairUniforms)[];

/** The crosshair through the cursor (box tool): one instanced draw of two thin quads. */
export class CrosshairPass {
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  private readonly vao: WebGLVertexArrayObject;
  private readonly buffer: WebGLBuffer;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, crosshairShader, UNIFORMS);
    ({ vao: this.vao, buffer: this.buffer } = createQuadVao(gl, this.prog.attribute('a_corner')));
  }

  /** Draws at (`x`, `y`) CSS pixels; `rgba` is premultiplied. */
  draw(x: number, y: number, width: number, height: number, rgba: readonly [number, number, number, number]): void {
    const { gl } = this;
    const u = this.prog.uniforms;
    gl.useProgram(this.prog.program);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.uniform2f(u.u_point, x, y);
    gl.uniform2f(u.u_viewportSize, width, height);
    gl.uniform1f(u.u_lineWidth, 1);
    gl.uniform4f(u.u_color, rgba[0], rgba[1], rgba[2], rgba[3]);
    gl.bindVertexArray(this.vao);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, 2);
    gl.bindVertexArray(null);
    gl.disable(gl.BLEND);
  }

  dispose(): void {
    this.gl.deleteBuffer(this.buffer);
    this.gl.deleteVertexArray(this.vao);
    this.gl.deleteProgram(this.prog.program);
  }
}
