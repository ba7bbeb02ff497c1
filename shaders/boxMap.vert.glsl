#version 300 es
// The box map: all boxes pre-drawn into one image-aligned texture, shown as one quad when the
// view holds too many boxes to draw one by one (map-style level of detail).
precision highp float;

in vec2 a_corner;

// The map's rectangle in CSS pixels relative to the canvas centre: x, y, width, height.
uniform vec4 u_rect;
uniform vec2 u_viewportSize;

out vec2 v_uv;

void main() {
  vec2 clip = (u_rect.xy + a_corner * u_rect.zw) / (0.5 * u_viewportSize);
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
  v_uv = a_corner;
}
