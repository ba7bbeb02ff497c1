#version 300 es
// Flat colour (premultiplied out, blend ONE, ONE_MINUS_SRC_ALPHA); dashed where v_dash >= 0:
// u_dash.x CSS px on, u_dash.y off, measured along the outline at the current zoom.
precision highp float;

in vec4 v_color;
in float v_dash;

uniform float u_zoom;
uniform vec2 u_dash;

out vec4 fragColor;

void main() {
  if (v_dash >= 0.0 && mod(v_dash * u_zoom, u_dash.x + u_dash.y) > u_dash.x) discard;
  fragColor = vec4(v_color.rgb * v_color.a, v_color.a);
}
