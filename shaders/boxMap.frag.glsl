#version 300 es
// The box map stores a label index + 1 per map pixel (0 = no box) and looks the colour up in a
// palette: a quarter of the bytes of RGBA to build and upload, and exact label colours.
precision mediump float;

in vec2 v_uv;

// R8: label index + 1, sampled NEAREST (indices must not be blended).
uniform sampler2D u_texture;
// 256 × 1 RGBA: the label colours (premultiplied), index = label.
uniform sampler2D u_palette;

out vec4 fragColor;

void main() {
  int index = int(texture(u_texture, v_uv).r * 255.0 + 0.5);
  if (index == 0) discard;
  fragColor = texelFetch(u_palette, ivec2(index - 1, 0), 0);
}
