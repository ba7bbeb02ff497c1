#version 300 es
// Boxes as plain triangles: six vertices per box (two triangles), each carrying the box's data,
// the corner taken from gl_VertexID. Not instanced on purpose: SwiftShader (the software
// renderer of GPU-less browsers, and of our tests) pays ~20 µs per instance, so 100,000
// instanced boxes took 2–9 s a frame there; as triangles the cost is per vertex and we only
// send the boxes near the view (see engine/render/BoxLayer.ts). The quad is grown by half the
// outline width plus a pixel, so outlines keep a constant on-screen width at every zoom.
precision highp float;

// x, y, width, height in image pixels (for handles: centre x, y in image pixels and width,
// height in CSS pixels).
in vec4 a_rect;
// RGBA colour (normalised bytes).
in vec4 a_color;
// Bit flags, see BOX_FLAGS in shaders/index.ts.
in float a_flags;

// Camera centre split in two floats (hi + lo == the float64 centre) so that box coordinates
// near x = 100,000 keep sub-pixel precision when zoomed far in.
uniform vec2 u_centerHi;
uniform vec2 u_centerLo;
// CSS pixels per image pixel.
uniform float u_zoom;
uniform vec2 u_viewportSize;
// Outline width in CSS pixels.
uniform float u_lineWidth;

out vec2 v_local;
out vec2 v_halfSize;
out vec4 v_color;
out float v_flags;

const float FLAG_SELECTED = 1.0;
const float FLAG_HIDDEN = 4.0;
const float FLAG_HANDLE = 8.0;

const vec2 CORNERS[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(1.0, 1.0));

bool hasFlag(float flags, float bit) {
  return mod(floor(flags / bit), 2.0) == 1.0;
}

void main() {
  v_color = a_color;
  v_flags = a_flags;
  if (hasFlag(a_flags, FLAG_HIDDEN)) {
    // A deleted box: a degenerate triangle outside clip space costs nothing to rasterise.
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    v_local = vec2(0.0);
    v_halfSize = vec2(0.0);
    return;
  }
  vec2 centre;
  vec2 halfSize;
  if (hasFlag(a_flags, FLAG_HANDLE)) {
    centre = ((a_rect.xy - u_centerHi) - u_centerLo) * u_zoom;
    halfSize = 0.5 * a_rect.zw;
  } else {
    halfSize = 0.5 * a_rect.zw * u_zoom;
    centre = ((a_rect.xy - u_centerHi) - u_centerLo) * u_zoom + halfSize;
  }
  float width = u_lineWidth * (hasFlag(a_flags, FLAG_SELECTED) ? 1.5 : 1.0);
  vec2 corner = CORNERS[gl_VertexID % 6];
  v_local = (corner * 2.0 - 1.0) * (halfSize + vec2(0.5 * width + 1.0));
  v_halfSize = halfSize;
  vec2 clip = (centre + v_local) / (0.5 * u_viewportSize);
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
