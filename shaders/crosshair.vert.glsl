#version 300 es
// The crosshair: two thin full-canvas quads through the cursor (instance 0 horizontal,
// instance 1 vertical), so it costs one instanced draw and no buffers per frame.
precision highp float;

in vec2 a_corner;

// Cursor in CSS pixels from the canvas top left.
uniform vec2 u_point;
uniform vec2 u_viewportSize;
// Line width in CSS pixels.
uniform float u_lineWidth;

void main() {
  vec2 topLeft;
  vec2 size;
  if (gl_InstanceID == 0) {
    topLeft = vec2(0.0, u_point.y - 0.5 * u_lineWidth);
    size = vec2(u_viewportSize.x, u_lineWidth);
  } else {
    topLeft = vec2(u_point.x - 0.5 * u_lineWidth, 0.0);
    size = vec2(u_lineWidth, u_viewportSize.y);
  }
  vec2 screen = topLeft + a_corner * size;
  vec2 clip = screen / u_viewportSize * 2.0 - 1.0;
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
