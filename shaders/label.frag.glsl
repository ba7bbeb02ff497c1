#version 300 es
// A tag's pixels from the atlas (premultiplied when uploaded; blend ONE, ONE_MINUS_SRC_ALPHA).
precision highp float;

in vec2 v_uv;

uniform sampler2D u_atlas;

out vec4 fragColor;

void main() {
  fragColor = texture(u_atlas, v_uv);
}
