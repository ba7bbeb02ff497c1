import { POLYGON_OVERLAY_VERTEX, POLYGON_VERTEX, polygonShader, type PolygonUniforms } from '../../shaders';
import { createProgram, setCameraUniforms, type GlProgram } from './glProgram';

const UNIFORMS = [
  'u_centerHi',
  'u_centerLo',
  'u_zoom',
  'u_viewportSize',
  'u_dash',
] as const satisfies readonly (keyof PolygonUniforms)[];

/** Dash pattern of the proposal outline, CSS px on and off. */
const DASH: readonly [number, number] = [6, 4];

/** Camera state of a frame, image and CSS pixels. */
export interface PolygonCamera {
  centerX: number;
  centerY: number;
  zoom: number;
  width: number;
  height: number;
}

/** A vertex buffer that keeps its GPU storage and takes sub-range writes. */
class VertexBuffer {
  readonly buffer: WebGLBuffer;
  private capacity = 0;

  constructor(private readonly gl: WebGL2RenderingContext) {
    const b = gl.createBuffer();
    if (!b) throw new Error('createBuffer failed');
    this.buffer = b;
  }

  /**
   * Uploads bytes [start, end) of `data`, or all of it when its size changed (re-allocation);
   * returns the bytes sent.
   */
  upload(data: Uint8Array, start: number, end: number): number {
    const { gl } = this;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    if (data.byteLength !== this.capacity) {
      gl.bufferData(gl.ARRAY_BUFFER, data, gl.DYNAMIC_DRAW);
      this.capacity = data.byteLength;
      return data.byteLength;
    }
    if (end <= start) return 0;
    gl.bufferSubData(gl.ARRAY_BUFFER, start, data, start, end - start);
    return end - start;
  }

  dispose(): void {
    this.gl.deleteBuffer(this.buffer);
  }
}

/**
 * The polygon pass: every polygon's outline as one-pixel GL lines from one vertex buffer
 * (written by PolygonLayer with sub-range uploads; one draw call however many polygons), and
 * the overlay — thick outlines, fills, vertex handles, the polygon being drawn and the dashed
 * proposal — as triangles from a second, small buffer. One program, created once.
 */
export class PolygonPass {
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  /** Outline buffers by level of detail: 0 every vertex, 1 coarse. */
  private readonly lines: readonly [VertexBuffer, VertexBuffer];
  private readonly overlay: VertexBuffer;
  private readonly linesVao: readonly [WebGLVertexArrayObject, WebGLVertexArrayObject];
  private readonly overlayVao: WebGLVertexArrayObject;
  private readonly offsetLoc: number;
  private readonly dashLoc: number;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, polygonShader, UNIFORMS);
    this.lines = [new VertexBuffer(gl), new VertexBuffer(gl)];
    this.overlay = new VertexBuffer(gl);
    const pos = this.prog.attribute('a_pos');
    const color = this.prog.attribute('a_color');
    this.offsetLoc = this.prog.attribute('a_offset');
    this.dashLoc = this.prog.attribute('a_dash');
    const vao = () => {
      const v = gl.createVertexArray();
      if (!v) throw new Error('createVertexArray failed');
      return v;
    };
    const linesVao = (buffer: VertexBuffer) => {
      const v = vao();
      gl.bindVertexArray(v);
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer.buffer);
      gl.enableVertexAttribArray(pos);
      gl.vertexAttribPointer(pos, 2, gl.FLOAT, false, POLYGON_VERTEX.bytes, 0);
      gl.enableVertexAttribArray(color);
      gl.vertexAttribPointer(color, 4, gl.UNSIGNED_BYTE, true, POLYGON_VERTEX.bytes, 8);
      return v;
    };
    this.linesVao = [linesVao(this.lines[0]), linesVao(this.lines[1])];
    this.overlayVao = vao();
    gl.bindVertexArray(this.overlayVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.overlay.buffer);
    const stride = POLYGON_OVERLAY_VERTEX.bytes;
    gl.enableVertexAttribArray(pos);
    gl.vertexAttribPointer(pos, 2, gl.FLOAT, false, stride, 0);
    if (this.offsetLoc >= 0) {
      gl.enableVertexAttribArray(this.offsetLoc);
      gl.vertexAttribPointer(this.offsetLoc, 2, gl.FLOAT, false, stride, 8);
    }
    gl.enableVertexAttribArray(color);
    gl.vertexAttribPointer(color, 4, gl.UNSIGNED_BYTE, true, stride, 16);
    if (this.dashLoc >= 0) {
      gl.enableVertexAttribArray(this.dashLoc);
      gl.vertexAttribPointer(this.dashLoc, 1, gl.FLOAT, false, stride, 20);
    }
    gl.bindVertexArray(null);
  }

  /**
   * Uploads outline vertex bytes [start, end) of level `lod` (everything when `data` changed
   * size); returns bytes sent.
   */
  uploadLines(lod: 0 | 1, data: Uint8Array, start: number, end: number): number {
    return this.lines[lod].upload(data, start, end);
  }

  /** Uploads the overlay's vertices (small: rewritten whole when it changes); returns bytes sent. */
  uploadOverlay(data: Uint8Array, bytes: number): number {
    return this.overlay.upload(data, 0, bytes);
  }

  /**
   * Draws the outline vertex ranges `lineRanges` ([first, count, …]) and `overlayVertices`
   * overlay vertices; returns the draw calls.
   */
  draw(cam: PolygonCamera, lod: 0 | 1, lineRanges: readonly number[], overlayVertices: number): number {
    if (lineRanges.length === 0 && overlayVertices === 0) return 0;
    const { gl } = this;
    const u = this.prog.uniforms;
    gl.useProgram(this.prog.program);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    setCameraUniforms(gl, u, cam);
    gl.uniform2f(u.u_dash, DASH[0], DASH[1]);
    let calls = 0;
    if (lineRanges.length > 0) {
      // Attributes without an array take these constant values (context state, not the VAO's).
      if (this.offsetLoc >= 0) gl.vertexAttrib2f(this.offsetLoc, 0, 0);
      if (this.dashLoc >= 0) gl.vertexAttrib1f(this.dashLoc, -1);
      gl.bindVertexArray(this.linesVao[lod]);
      for (let i = 0; i < lineRanges.length; i += 2) {
        gl.drawArrays(gl.LINES, lineRanges[i]!, lineRanges[i + 1]!);
        calls += 1;
      }
    }
    if (overlayVertices > 0) {
      gl.bindVertexArray(this.overlayVao);
      gl.drawArrays(gl.TRIANGLES, 0, overlayVertices);
      calls += 1;
    }
    gl.bindVertexArray(null);
    gl.disable(gl.BLEND);
    return calls;
  }

  dispose(): void {
    const { gl } = this;
    for (const l of this.lines) l.dispose();
    this.overlay.dispose();
    for (const v of this.linesVao) gl.deleteVertexArray(v);
    gl.deleteVertexArray(this.overlayVao);
    gl.deleteProgram(this.prog.program);
  }
}
