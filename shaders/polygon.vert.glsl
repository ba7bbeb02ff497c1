#version 300 es
// Polygon outlines and the polygon overlay. Every vertex is an image-px position plus a screen
// offset in CSS px (0 for the outlines, drawn as one-pixel GL lines; the half width of a thick
// segment, a handle's corner for the overlay), so zooming never rewrites a vertex. A vertex with
// alpha 0 (a free or deleted polygon's segment) is moved out of clip space: it costs nothing
// to rasterise.
precision highp float;

// Camera centre split in two floats (hi + lo == the float64 centre), as in boxData.glsl.
uniform vec2 u_centerHi;
uniform vec2 u_centerLo;
// CSS pixels per image pixel.
uniform float u_zoom;
// Canvas size in CSS pixels.
uniform vec2 u_viewportSize;

in vec2 a_pos;
in vec2 a_offset;
in vec4 a_color;
// Distance along a dashed outline in image px; negative for solid.
in float a_dash;

out vec4 v_color;
out float v_dash;

void main() {
  v_color = a_color;
  v_dash = a_dash;
  if (a_color.a == 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  vec2 p = ((a_pos - u_centerHi) - u_centerLo) * u_zoom + a_offset;
  vec2 clip = p / (0.5 * u_viewportSize);
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
