#version 300 es
// One textured quad per tile. The CPU computes the tile rectangle relative to the camera centre
// in float64 and sends the result, so float32 precision is never spent on 100k-pixel offsets.
precision highp float;

// Unit quad corner in [0, 1]^2.
in vec2 a_corner;

// Tile rectangle in CSS pixels relative to the canvas centre: x, y, width, height.
uniform vec4 u_rect;
// Canvas size in CSS pixels.
uniform vec2 u_viewportSize;
// Part of the texture to sample (x0, y0, x1, y1 in [0, 1]); a coarser tile standing in for a
// finer one samples only the quarter (or smaller) that covers the requested area.
uniform vec4 u_texRect;

out vec2 v_uv;

void main() {
  vec2 screen = u_rect.xy + a_corner * u_rect.zw;
  // CSS pixels relative to the centre -> clip space, with y pointing down on screen.
  vec2 clip = screen / (0.5 * u_viewportSize);
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
  v_uv = mix(u_texRect.xy, u_texRect.zw, a_corner);
}
