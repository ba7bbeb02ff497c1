import { BOX_QUAD_CORNERS, BOX_RING_CORNERS, boxShader, type BoxUniforms } from '../../shaders';
import { createProgram, staticAttribute, type GlProgram } from './glProgram';
import { InstanceBuffers } from './InstanceBuffers';

const UNIFORMS = [
  'u_centerHi', 'u_centerLo', 'u_zoom', 'u_viewportSize', 'u_lineWidth', 'u_fillAlpha', 'u_ringPass',
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
 * The annotation pass: every slot drawn as an instanced ring (one draw call for all boxes), then
 * the few overlay quads (fills of selected/hovered boxes, resize handles, the box being drawn)
 * in a second instanced call. Slot data lives in {@link slots}; the overlay in {@link overlay}.
 */
export class BoxPass {
  /** One entry per annotation slot (stable slot indices from the store). */
  readonly slots: InstanceBuffers;
  /** Overlay instances, rewritten whole when they change (they are few). */
  readonly overlay: InstanceBuffers;
  /** Slots to draw: the highest used slot + 1. */
  slotCount = 0;
  overlayCount = 0;
  private readonly prog: GlProgram<(typeof UNIFORMS)[number]>;
  private readonly ringVao: WebGLVertexArrayObject;
  private readonly quadVao: WebGLVertexArrayObject;
  private readonly cornerBuffers: WebGLBuffer[] = [];

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.prog = createProgram(gl, boxShader, UNIFORMS);
    this.slots = new InstanceBuffers(gl, 1024);
    this.overlay = new InstanceBuffers(gl, 64);
    this.ringVao = this.makeVao(BOX_RING_CORNERS, this.slots);
    this.quadVao = this.makeVao(BOX_QUAD_CORNERS, this.overlay);
  }

  private makeVao(corners: Float32Array, instances: InstanceBuffers): WebGLVertexArrayObject {
    const { gl } = this;
    const vao = gl.createVertexArray();
    if (!vao) throw new Error('createVertexArray failed');
    gl.bindVertexArray(vao);
    this.cornerBuffers.push(staticAttribute(gl, this.prog.attribute('a_corner'), corners, 3));
    instances.flush();
    instances.bindAttributes(this.prog.attribute('a_rect'), this.prog.attribute('a_color'), this.prog.attribute('a_flags'));
    gl.bindVertexArray(null);
    return vao;
  }

  /** Bytes uploaded by the last {@link draw} (slot ranges plus overlay). */
  lastUploadBytes = 0;

  /** Uploads pending slot and overlay changes, then draws rings and overlay: two draw calls. */
  draw(cam: BoxCamera, style: BoxStyle): number {
    const { gl } = this;
    const u = this.prog.uniforms;
    this.lastUploadBytes = 0;
    if (this.slots.hasPending) {
      this.slots.flush();
      this.lastUploadBytes += this.slots.lastUploadBytes;
    }
    if (this.overlay.hasPending) {
      this.overlay.flush();
      this.lastUploadBytes += this.overlay.lastUploadBytes;
    }
    if (this.slotCount === 0 && this.overlayCount === 0) return 0;
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
    if (this.slotCount > 0) {
      gl.uniform1f(u.u_ringPass, 1);
      gl.bindVertexArray(this.ringVao);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, BOX_RING_CORNERS.length / 3, this.slotCount);
      calls += 1;
    }
    if (this.overlayCount > 0) {
      gl.uniform1f(u.u_ringPass, 0);
      gl.bindVertexArray(this.quadVao);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, BOX_QUAD_CORNERS.length / 3, this.overlayCount);
      calls += 1;
    }
    gl.bindVertexArray(null);
    gl.disable(gl.BLEND);
    return calls;
  }

  dispose(): void {
    const { gl } = this;
    this.slots.dispose();
    this.overlay.dispose();
    for (const b of this.cornerBuffers) gl.deleteBuffer(b);
    gl.deleteVertexArray(this.ringVao);
    gl.deleteVertexArray(this.quadVao);
    gl.deleteProgram(this.prog.program);
  }
}
