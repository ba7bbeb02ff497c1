#version 300 es
// Outline of constant screen width from the signed distance to the rectangle; a translucent
// fill for selected or hovered boxes; handles filled white. Output is premultiplied (blend
// ONE, ONE_MINUS_SRC_ALPHA).
precision highp float;

in vec2 v_local;
in vec2 v_halfSize;
in vec4 v_color;
in float v_flags;

uniform float u_lineWidth;
// Fill opacity of a selected box; hovered boxes use 60 % of it.
uniform float u_fillAlpha;

out vec4 fragColor;

const float FLAG_SELECTED = 1.0;
const float FLAG_HOVERED = 2.0;
const float FLAG_HANDLE = 8.0;

bool hasFlag(float flags, float bit) {
  return mod(floor(flags / bit), 2.0) == 1.0;
}

void main() {
  vec2 q = abs(v_local) - v_halfSize;
  float dist = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0);
  bool selected = hasFlag(v_flags, FLAG_SELECTED);
  bool hovered = hasFlag(v_flags, FLAG_HOVERED);
  float width = u_lineWidth * (selected ? 1.5 : 1.0);
  float outline = 1.0 - smoothstep(0.5 * width - 0.5, 0.5 * width + 0.5, abs(dist));
  float inside = 1.0 - smoothstep(-0.5, 0.5, dist);
  vec4 fill = vec4(0.0);
  if (hasFlag(v_flags, FLAG_HANDLE)) {
    fill = vec4(1.0);
  } else if (selected || hovered) {
    fill = vec4(v_color.rgb, u_fillAlpha * (selected ? 1.0 : 0.6));
  }
  float lineA = outline * v_color.a;
  float fillA = fill.a * inside * (1.0 - lineA);
  float a = lineA + fillA;
  if (a <= 0.001) discard;
  fragColor = vec4(v_color.rgb * lineA + fill.rgb * fillA, a);
}
