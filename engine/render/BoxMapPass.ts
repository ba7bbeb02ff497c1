import { boxMapShader, type BoxMapUniforms } from '../../shaders';
import { createProgram, setNearest, staticAttribute, type GlProgram } from './glProgram';

const UNIFORMS = [
  'u_rect',
  'u_viewportSize',
  'u_texture',
  'u_palette',
] as const satisfies readonly (keyof BoxMapUniforms)[];
const QUAD = new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]);

interface MapTexture {
  texture: WebGLTexture;
  width: number;
  height: number;
}

/** Draws the box map (every box pre-drawn into one texture) as one quad over the image. */
export class BoxMapPass {
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  private readonly vao: WebGLVertexArrayObject;
  private readonly quad: WebGLBuffer;
  /** The map on screen, and the one being filled behind it (double-buffered like BoxStream). */
  private front: MapTexture | null = null;
  private back: MapTexture | null = null;
  private readonly palette: WebGLTexture;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, boxMapShader, UNIFORMS);
    const vao = gl.createVertexArray();
    if (!vao) throw new Error('createVertexArray failed');
    this.vao = vao;
    gl.bindVertexArray(vao);
    this.quad = staticAttribute(gl, this.prog.attribute('a_corner'), QUAD, 2);
    gl.bindVertexArray(null);
    const palette = gl.createTexture();
    if (!palette) throw new Error('createTexture failed');
    this.palette = palette;
    gl.bindTexture(gl.TEXTURE_2D, palette);
    setNearest(gl);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, 256, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(256 * 4));
  }

  /** Label colours, packed 0xRRGGBBAA, index = label (opaque: premultiplied as they are). */
  setPalette(colors: Uint32Array): void {
    const { gl } = this;
    const bytes = new Uint8Array(256 * 4);
    for (let i = 0; i < Math.min(256, colors.length); i++) {
      const c = colors[i] ?? 0;
      const a = c & 255;
      bytes[4 * i] = Math.round(((c >>> 24) * a) / 255);
      bytes[4 * i + 1] = Math.round((((c >>> 16) & 255) * a) / 255);
      bytes[4 * i + 2] = Math.round((((c >>> 8) & 255) * a) / 255);
      bytes[4 * i + 3] = a;
    }
    gl.bindTexture(gl.TEXTURE_2D, this.palette);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, 256, 1, gl.RGBA, gl.UNSIGNED_BYTE, bytes);
  }

  /**
   * Prepares the back texture for a map of `width` × `height` (immutable storage, reused while
   * the size stays); {@link uploadRows} fills it while the front one is drawn.
   */
  beginBack(width: number, height: number): void {
    const { gl } = this;
    if (this.back && this.back.width === width && this.back.height === height) return;
    if (this.back) gl.deleteTexture(this.back.texture);
    const texture = gl.createTexture();
    if (!texture) throw new Error('createTexture failed');
    gl.bindTexture(gl.TEXTURE_2D, texture);
    setNearest(gl);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.R8, width, height);
    this.back = { texture, width, height };
  }

  /** Uploads rows [y0, y1) of `pixels` (one byte per pixel: label index + 1) into the back texture. */
  uploadRows(pixels: Uint8Array, y0: number, y1: number): void {
    const { gl, back } = this;
    if (!back || y1 <= y0) return;
    gl.bindTexture(gl.TEXTURE_2D, back.texture);
    gl.texSubImage2D(
      gl.TEXTURE_2D,
      0,
      0,
      y0,
      back.width,
      y1 - y0,
      gl.RED,
      gl.UNSIGNED_BYTE,
      pixels.subarray(y0 * back.width, y1 * back.width),
    );
  }

  /** The back texture (complete now) goes on screen; the old front is refilled next time. */
  swap(): void {
    const front = this.front;
    this.front = this.back;
    this.back = front;
  }

  /** Draws the map over the CSS-pixel rectangle (`x`, `y`, `w`, `h`, relative to the centre). */
  draw(x: number, y: number, w: number, h: number, cssWidth: number, cssHeight: number): void {
    const { gl } = this;
    if (!this.front) return;
    const u = this.prog.uniforms;
    gl.useProgram(this.prog.program);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.palette);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.front.texture);
    gl.uniform1i(u.u_texture, 0);
    gl.uniform1i(u.u_palette, 1);
    gl.uniform4f(u.u_rect, x, y, w, h);
    gl.uniform2f(u.u_viewportSize, cssWidth, cssHeight);
    gl.bindVertexArray(this.vao);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.bindVertexArray(null);
    gl.disable(gl.BLEND);
  }

  dispose(): void {
    const { gl } = this;
    if (this.front) gl.deleteTexture(this.front.texture);
    if (this.back) gl.deleteTexture(this.back.texture);
    gl.deleteTexture(this.palette);
    gl.deleteBuffer(this.quad);
    gl.deleteVertexArray(this.vao);
    gl.deleteProgram(this.prog.program);
  }
}
