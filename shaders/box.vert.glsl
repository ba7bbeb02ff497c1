#version 300 es
// Boxes as outline rings: eight vertices per box (four outer corners, four inner; the box and
// the corner from gl_VertexID, the box's data from the u_boxes texture, see BOX_DATA in
// shaders/index.ts), drawn indexed (engine/render/boxIndices.ts) as
// eight triangles along the edges — plus two over the inside for the overlay's boxes, which may
// be filled. Only the outline's pixels are shaded: a software rasteriser (SwiftShader, our
// tests and browsers without a GPU) spent most of a frame shading the insides of large boxes
// only to discard them. Not instanced on purpose: SwiftShader pays ~20 µs per instance, so
// 100,000 instanced boxes took 2–9 s a frame there; as triangles the cost is per vertex and we
// only send the boxes near the view (see engine/render/BoxLayer.ts). The ring reaches half the
// outline width plus a pixel beyond the edge, so outlines keep a constant on-screen width.
precision highp float;
precision highp usampler2D;

#include boxData

// Outline width in CSS pixels.
uniform float u_lineWidth;

out vec2 v_local;
out vec2 v_halfSize;
out vec4 v_color;
out float v_flags;

// Corner directions of vertices 0–3 (outer) and 4–7 (inner): top left, top right, bottom left, bottom right.
const vec2 SIGNS[4] = vec2[4](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));

void main() {
  vec4 rect;
  uint color;
  uint word;
  readBox(rect, color, word);
  float boxFlags = float(word & 255u);
  v_color = vec4(uvec4(color, color >> 8u, color >> 16u, color >> 24u) & 255u) / 255.0;
  v_flags = boxFlags;
  if (hasFlag(boxFlags, FLAG_HIDDEN) || hasFlag(boxFlags, FLAG_SHAPE)) {
    // A deleted box, or a polygon's box (the polygon pass draws its outline): a degenerate
    // triangle outside clip space costs nothing to rasterise.
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    v_local = vec2(0.0);
    v_halfSize = vec2(0.0);
    return;
  }
  vec2 centre;
  vec2 halfSize;
  if (hasFlag(boxFlags, FLAG_HANDLE)) {
    centre = ((rect.xy - u_centerHi) - u_centerLo) * u_zoom;
    halfSize = 0.5 * rect.zw;
  } else {
    halfSize = 0.5 * rect.zw * u_zoom;
    centre = ((rect.xy - u_centerHi) - u_centerLo) * u_zoom + halfSize;
  }
  float width = u_lineWidth * (hasFlag(boxFlags, FLAG_SELECTED) ? 1.5 : 1.0);
  float pad = 0.5 * width + 1.0;
  int corner = gl_VertexID % 8;
  vec2 dir = SIGNS[corner % 4];
  // Inner corners stop at the centre: a box thinner than the ring is covered by it whole.
  v_local = corner < 4 ? dir * (halfSize + pad) : dir * max(halfSize - pad, vec2(0.0));
  v_halfSize = halfSize;
  vec2 clip = (centre + v_local) / (0.5 * u_viewportSize);
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
