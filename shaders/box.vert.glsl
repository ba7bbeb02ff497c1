#version 300 es
// Instanced boxes: one instance per annotation slot. Outlines keep a constant on-screen width at
// every zoom: the geometry is grown (and, for the ring, shrunk) by half the line width in CSS
// pixels, and the fragment shader draws the outline from a signed distance.
//
// Two geometries share this program: a RING (10-vertex strip between the outer and the inner
// edge) for all slots, so a big box costs its perimeter and not its area in fragments; and a
// QUAD (4-vertex strip) for the few overlay instances (fills of selected or hovered boxes,
// resize handles, the box being drawn).
precision highp float;

// Corner in [0, 1]^2 and, in z, 1 for a ring's inner vertex (0 otherwise).
in vec3 a_corner;
// Per instance: x, y, width, height in image pixels (or, for handles, centre x, y in image
// pixels and width, height in CSS pixels).
in vec4 a_rect;
// Per instance: RGBA colour (normalised bytes).
in vec4 a_color;
// Per instance: bit flags, see BOX_FLAGS in shaders/index.ts.
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

bool hasFlag(float flags, float bit) {
  return mod(floor(flags / bit), 2.0) == 1.0;
}

void main() {
  v_color = a_color;
  v_flags = a_flags;
  if (hasFlag(a_flags, FLAG_HIDDEN)) {
    // A free slot: a degenerate primitive outside clip space costs nothing to rasterise.
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
  // Half the outline plus one pixel of antialiasing on each side of the edge.
  float band = 0.5 * width + 1.0;
  vec2 dir = a_corner.xy * 2.0 - 1.0;
  vec2 extent = a_corner.z > 0.5 ? max(halfSize - band, vec2(0.0)) : halfSize + band;
  v_local = dir * extent;
  v_halfSize = halfSize;
  vec2 clip = (centre + v_local) / (0.5 * u_viewportSize);
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
