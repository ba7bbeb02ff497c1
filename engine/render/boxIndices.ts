import { BOX_DATA } from '../../shaders';

/*
 * Index patterns over one box's eight vertices (shaders/box.vert.glsl): 0–3 the outer corners,
 * 4–7 the inner ones, each group top left, top right, bottom left, bottom right.
 */
/** The outline ring: a trapezoid along each edge, two triangles each. */
export const RING = [0, 1, 4, 4, 1, 5, 5, 1, 3, 5, 3, 7, 6, 7, 2, 2, 7, 3, 0, 4, 2, 2, 4, 6] as const;
/** The ring and the inside (overlay boxes may be filled: selection, hover, handles). */
export const RING_AND_FILL = [...RING, 4, 5, 6, 6, 5, 7] as const;
/** A quad on the outer corners (the label pass's tag). */
export const QUAD = [0, 1, 2, 2, 1, 3] as const;

/** `pattern` repeated for boxes [0, boxes), each box's indices offset by its first vertex. */
export function boxIndices(pattern: readonly number[], boxes: number): Uint32Array {
  const out = new Uint32Array(boxes * pattern.length);
  let o = 0;
  for (let b = 0; b < boxes; b++) {
    const base = b * BOX_DATA.verticesPerBox;
    for (const i of pattern) out[o++] = base + i;
  }
  return out;
}

/**
 * An element buffer holding `pattern` for enough boxes, grown (doubling) on demand. Vertex
 * arrays record the element buffer bound while they are bound: draw through {@link createVao}'s,
 * and grow the buffer only with no VAO bound (done here).
 */
export class BoxIndexBuffer {
  readonly buffer: WebGLBuffer;
  private boxes = 0;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    readonly pattern: readonly number[],
    initialBoxes = 256,
  ) {
    const b = gl.createBuffer();
    if (!b) throw new Error('createBuffer failed');
    this.buffer = b;
    this.ensure(initialBoxes);
  }

  /** Makes the buffer cover `boxes` boxes. Call before binding a VAO for the draw. */
  ensure(boxes: number): void {
    if (boxes <= this.boxes) return;
    const { gl } = this;
    this.boxes = Math.max(boxes, this.boxes * 2);
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, boxIndices(this.pattern, this.boxes), gl.STATIC_DRAW);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, null);
  }

  /** A vertex array with this element buffer and no attributes (the shaders read boxes from a texture). */
  createVao(): WebGLVertexArrayObject {
    const { gl } = this;
    const vao = gl.createVertexArray();
    if (!vao) throw new Error('createVertexArray failed');
    gl.bindVertexArray(vao);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.buffer);
    gl.bindVertexArray(null);
    return vao;
  }

  /** Draws `boxes` boxes of the bound VAO. */
  draw(boxes: number): void {
    const { gl } = this;
    gl.drawElements(gl.TRIANGLES, boxes * this.pattern.length, gl.UNSIGNED_INT, 0);
  }

  dispose(): void {
    this.gl.deleteBuffer(this.buffer);
  }
}
