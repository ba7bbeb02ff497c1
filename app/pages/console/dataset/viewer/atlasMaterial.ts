import { Color, ShaderMaterial, type Texture } from 'three';

/**
 * The gallery's material: every instance is the unit quad moved to its cell (`offset`, world
 * units) and textured with its cell of the atlas page (`cell`: column and row in the page). One
 * draw call per page whatever the number of images. Until the page texture arrives (`ready` 0)
 * the cells are drawn as flat placeholders so the layout shows at once.
 */
const vertexShader = /* glsl */ `
attribute vec2 offset;
attribute vec2 cell;
uniform float columns;
uniform float inset;
varying vec2 vUv;
void main() {
  // The atlas is uploaded unflipped: v = 0 is its top row, so the quad's top (uv.y = 1) maps there.
  vUv = (cell + vec2(uv.x, 1.0 - uv.y)) / columns;
  vec2 p = position.xy * (1.0 - inset) + offset;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(p, 0.0, 1.0);
}
`;

const fragmentShader = /* glsl */ `
uniform sampler2D map;
uniform float ready;
uniform vec3 placeholder;
varying vec2 vUv;
void main() {
  if (ready < 0.5) {
    gl_FragColor = vec4(placeholder, 1.0);
    return;
  }
  vec4 c = texture2D(map, vUv);
  // Cells keep the image's aspect ratio: the transparent rest of the cell is not drawn.
  if (c.a < 0.02) discard;
  gl_FragColor = vec4(c.rgb, 1.0);
}
`;

/** Fraction of a cell left empty between neighbours. */
export const CELL_INSET = 0.06;

export function createAtlasMaterial(columns: number): ShaderMaterial {
  return new ShaderMaterial({
    vertexShader,
    fragmentShader,
    uniforms: {
      map: { value: null as Texture | null },
      ready: { value: 0 },
      columns: { value: columns },
      inset: { value: CELL_INSET },
      placeholder: { value: new Color(0.886, 0.91, 0.941) },
    },
    transparent: false,
    depthTest: false,
    depthWrite: false,
  });
}
