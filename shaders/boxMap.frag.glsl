#version 300 es
precision mediump float;

in vec2 v_uv;

// Premultiplied RGBA: box outlines in their label colours, transparent elsewhere.
uniform sampler2D u_texture;

out vec4 fragColor;

void main() {
  fragColor = texture(u_texture, v_uv);
}
