import { boxShader, type BoxUniforms } from '../../shaders';
import { BoxBuffer } from './BoxBuffer';
import { BoxIndexBuffer, RING, RING_AND_FILL } from './boxIndices';
import { createProgram, setCameraUniforms, type GlProgram } from './glProgram';

/** Boxes each stream buffer holds before it grows. */
const STREAM_CAPACITY = 8192;

const UNIFORMS = [
  'u_centerHi',
  'u_centerLo',
  'u_zoom',
  'u_viewportSize',
  'u_lineWidth',
  'u_fillAlpha',
  'u_boxes',
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

/**
 * The box pass: a stream of the boxes near the view (two data textures, drawn one at a time
 * while the other is rebuilt; see BoxStream), outline rings only, and `overlay` (selection,
 * resize handles, the box being drawn) with their insides, one indexed draw call each, with one
 * program created once.
 */
export class BoxPass {
  readonly streams: readonly [BoxBuffer, BoxBuffer];
  readonly overlay: BoxBuffer;
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  private readonly ring: BoxIndexBuffer;
  private readonly ringAndFill: BoxIndexBuffer;
  /** Vertex arrays holding only an element buffer (the shaders read boxes from textures). */
  private readonly ringVao: WebGLVertexArrayObject;
  private readonly fillVao: WebGLVertexArrayObject;
  /** Bytes uploaded by the last {@link draw}. */
  lastUploadBytes = 0;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, boxShader, UNIFORMS);
    // Room for a full stream from the start (STREAM_MAX_BOXES and its margin, 256 KiB each):
    // growing while a stream is written cost a copy and a whole upload in one frame.
    this.streams = [new BoxBuffer(gl, STREAM_CAPACITY), new BoxBuffer(gl, STREAM_CAPACITY)];
    this.overlay = new BoxBuffer(gl, 16);
    // Streams may pass STREAM_CAPACITY; growing the indices later cost ~4 ms in the frame that did it.
    this.ring = new BoxIndexBuffer(gl, RING, 2 * STREAM_CAPACITY);
    this.ringAndFill = new BoxIndexBuffer(gl, RING_AND_FILL, 16);
    this.ringVao = this.ring.createVao();
    this.fillVao = this.ringAndFill.createVao();
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
    const streamed = stream?.length ?? 0;
    const overlaid = this.overlay.length;
    if (streamed === 0 && overlaid === 0) return 0;
    // Index buffers grow with no VAO bound (see BoxIndexBuffer).
    this.ring.ensure(streamed);
    this.ringAndFill.ensure(overlaid);
    gl.useProgram(this.prog.program);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    setCameraUniforms(gl, u, cam);
    gl.uniform1f(u.u_lineWidth, style.lineWidth);
    gl.uniform1f(u.u_fillAlpha, style.fillAlpha);
    gl.uniform1i(u.u_boxes, 0);
    gl.activeTexture(gl.TEXTURE0);
    let calls = 0;
    if (stream && streamed > 0) {
      gl.bindTexture(gl.TEXTURE_2D, stream.texture);
      gl.bindVertexArray(this.ringVao);
      this.ring.draw(streamed);
      calls += 1;
    }
    if (overlaid > 0) {
      gl.bindTexture(gl.TEXTURE_2D, this.overlay.texture);
      gl.bindVertexArray(this.fillVao);
      this.ringAndFill.draw(overlaid);
      calls += 1;
    }
    gl.bindVertexArray(null);
    gl.disable(gl.BLEND);
    return calls;
  }

  dispose(): void {
    const { gl } = this;
    for (const b of [...this.streams, this.overlay]) b.dispose();
    this.ring.dispose();
    this.ringAndFill.dispose();
    gl.deleteVertexArray(this.ringVao);
    gl.deleteVertexArray(this.fillVao);
    gl.deleteProgram(this.prog.program);
  }
}
