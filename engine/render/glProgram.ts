import type { ShaderSources } from '../../shaders';

/** A linked program with its uniform locations, keyed by the pass's typed uniform names. */
export interface GlProgram<U extends string> {
  readonly program: WebGLProgram;
  readonly uniforms: Readonly<Record<U, WebGLUniformLocation | null>>;
  attribute(name: string): number;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('createShader failed');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
    const log = gl.getShaderInfoLog(shader);
    gl.deleteShader(shader);
    throw new Error(`shader compile failed: ${log ?? ''}`);
  }
  return shader;
}

/**
 * Compiles and links a pass once (at renderer start-up) and looks up its uniforms. The names
 * come from the pass's uniforms interface in shaders/index.ts, so a renamed uniform is a type
 * error rather than a silent null location.
 */
export function createProgram<U extends string>(
  gl: WebGL2RenderingContext,
  sources: ShaderSources,
  uniformNames: readonly U[],
): GlProgram<U> {
  const vs = compile(gl, gl.VERTEX_SHADER, sources.vert);
  const fs = compile(gl, gl.FRAGMENT_SHADER, sources.frag);
  const program = gl.createProgram();
  if (!program) throw new Error('createProgram failed');
  gl.attachShader(program, vs);
  gl.attachShader(program, fs);
  gl.linkProgram(program);
  gl.deleteShader(vs);
  gl.deleteShader(fs);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
    throw new Error(`program link failed: ${gl.getProgramInfoLog(program) ?? ''}`);
  }
  const uniforms = {} as Record<U, WebGLUniformLocation | null>;
  for (const name of uniformNames) uniforms[name] = gl.getUniformLocation(program, name);
  return {
    program,
    uniforms,
    attribute: (name) => gl.getAttribLocation(program, name),
  };
}

/** A static vertex buffer bound to attribute `location` of the currently bound VAO. */
export function staticAttribute(
  gl: WebGL2RenderingContext,
  location: number,
  data: Float32Array,
  size: number,
): WebGLBuffer {
  const buffer = gl.createBuffer();
  if (!buffer) throw new Error('createBuffer failed');
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
  if (location >= 0) {
    gl.enableVertexAttribArray(location);
    gl.vertexAttribPointer(location, size, gl.FLOAT, false, 0, 0);
  }
  return buffer;
}

/** Unit quad as a 4-vertex triangle strip (corners 0..1), the geometry of quad-based passes. */
export const UNIT_QUAD = new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]);

/**
 * A vertex array holding the unit quad on `attribute` (`a_corner`), created once per pass.
 * Returns both so the pass can delete them on dispose.
 */
export function createQuadVao(
  gl: WebGL2RenderingContext,
  attribute: number,
): { vao: WebGLVertexArrayObject; buffer: WebGLBuffer } {
  const vao = gl.createVertexArray();
  if (!vao) throw new Error('createVertexArray failed');
  gl.bindVertexArray(vao);
  const buffer = staticAttribute(gl, attribute, UNIT_QUAD, 2);
  gl.bindVertexArray(null);
  return { vao, buffer };
}

/** Nearest filtering, clamped edges: for index and lookup textures, and pixel-aligned atlases. */
export function setNearest(gl: WebGL2RenderingContext): void {
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
}

const scratch = new Float32Array(1);

/**
 * Sets the camera uniforms shared by the box and label passes. The centre goes in two floats
 * (`u_centerHi` the float32 nearest it, `u_centerLo` the rest) so coordinates near x = 100,000
 * keep sub-pixel precision in the shader when zoomed far in.
 */
export function setCameraUniforms(
  gl: WebGL2RenderingContext,
  u: Readonly<Record<'u_centerHi' | 'u_centerLo' | 'u_zoom' | 'u_viewportSize', WebGLUniformLocation | null>>,
  cam: { centerX: number; centerY: number; zoom: number; width: number; height: number },
): void {
  scratch[0] = cam.centerX;
  const hiX = scratch[0] ?? 0;
  scratch[0] = cam.centerY;
  const hiY = scratch[0] ?? 0;
  gl.uniform2f(u.u_centerHi, hiX, hiY);
  gl.uniform2f(u.u_centerLo, cam.centerX - hiX, cam.centerY - hiY);
  gl.uniform1f(u.u_zoom, cam.zoom);
  gl.uniform2f(u.u_viewportSize, cam.width, cam.height);
}
