import { boxMapShader, type BoxMapUniforms } from '../../shaders';
import { createProgram, staticAttribute, type GlProgram } from './glProgram';

const UNIFORMS = ['u_rect', 'u_viewportSize', 'u_texture'] as const satisfies readonly (keyof BoxMapUniforms)[];
const QUAD = new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]);

/** Draws the box map (every box pre-drawn into one texture) as one quad over the image. */
export class BoxMapPass {
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  private readonly vao: WebGLVertexArrayObject;
  private readonly quad: WebGLBuffer;
  private texture: WebGLTexture | null = null;
  private size = { width: 0, height: 0 };

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, boxMapShader, UNIFORMS);
    const vao = gl.createVertexArray();
    if (!vao) throw new Error('createVertexArray failed');
    this.vao = vao;
    gl.bindVertexArray(vao);
    this.quad = staticAttribute(gl, this.prog.attribute('a_corner'), QUAD, 2);
    gl.bindVertexArray(null);
  }

  /** Uploads a new map (premultiplied RGBA, `width` × `height`). */
  upload(pixels: Uint8Array, width: number, height: number): void {
    const { gl } = this;
    if (!this.texture) {
      this.texture = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, this.texture);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    } else {
      gl.bindTexture(gl.TEXTURE_2D, this.texture);
    }
    if (width === this.size.width && height === this.size.height) {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    } else {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      this.size = { width, height };
    }
  }

  /** Draws the map over the CSS-pixel rectangle (`x`, `y`, `w`, `h`, relative to the centre). */
  draw(x: number, y: number, w: number, h: number, cssWidth: number, cssHeight: number): void {
    const { gl } = this;
    if (!this.texture) return;
    const u = this.prog.uniforms;
    gl.useProgram(this.prog.program);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.uniform1i(u.u_texture, 0);
    gl.uniform4f(u.u_rect, x, y, w, h);
    gl.uniform2f(u.u_viewportSize, cssWidth, cssHeight);
    gl.bindVertexArray(this.vao);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.bindVertexArray(null);
    gl.disable(gl.BLEND);
  }

  dispose(): void {
    const { gl } = this;
    if (this.texture) gl.deleteTexture(this.texture);
    gl.deleteBuffer(this.quad);
    gl.deleteVertexArray(this.vao);
    gl.deleteProgram(this.prog.program);
  }
}
