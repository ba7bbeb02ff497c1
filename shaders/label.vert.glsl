#version 300 es
// Label name tags, drawn from the same box data as the box pass: the first four of each box's
// eight vertex indices (two triangles) become a quad at the box's top-left corner (above the
// top edge, inside the box when that edge is at the canvas top), sized and textured from the
// label's cell in the atlas.
// Boxes too narrow on screen, hidden boxes and labels without a cell collapse to nothing, so a
// frame costs the GPU vertices only and the main thread nothing per box.
precision highp float;
precision highp usampler2D;

#include boxData

// Device pixels per CSS pixel (the tags are snapped to device pixels so text stays crisp).
uniform float u_dpr;
// Narrowest box, in CSS pixels on screen, that gets its name.
uniform float u_minWidth;
// Atlas size in device pixels.
uniform vec2 u_atlasSize;
// Per label: x, y, width, height of its tag in the atlas, device pixels (width 0: none).
uniform usampler2D u_cells;

out vec2 v_uv;

const int CELLS_PER_ROW = 256;
const vec2 CORNERS[4] = vec2[4](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), vec2(1.0, 1.0));

void main() {
  v_uv = vec2(0.0);
  gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
  vec4 rect;
  uint color;
  uint word;
  readBox(rect, color, word);
  if (hasFlag(float(word & 255u), FLAG_HIDDEN) || rect.z * u_zoom < u_minWidth) return;
  int label = int(word >> 16u);
  uvec4 cell = texelFetch(u_cells, ivec2(label % CELLS_PER_ROW, label / CELLS_PER_ROW), 0);
  if (cell.z == 0u) return;
  vec2 size = vec2(cell.zw) / u_dpr;
  vec2 topLeft = ((rect.xy - u_centerHi) - u_centerLo) * u_zoom + 0.5 * u_viewportSize;
  if (topLeft.y >= size.y) topLeft.y -= size.y;
  topLeft = floor(topLeft * u_dpr + 0.5) / u_dpr;
  vec2 corner = CORNERS[(gl_VertexID % 8) % 4];
  v_uv = (vec2(cell.xy) + corner * vec2(cell.zw)) / u_atlasSize;
  vec2 clip = (topLeft + corner * size) / (0.5 * u_viewportSize) - 1.0;
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
