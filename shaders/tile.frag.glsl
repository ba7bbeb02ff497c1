#version 300 es
// Image adjustments as uniforms, so changing them re-uploads no texture. The formula (also in
// shaders/index.ts, and checked by the e2e pixel tests):
//   c = clamp((rgb - 0.5) * u_contrast + 0.5 + u_brightness, 0, 1)
//   c = pow(c, 1 / u_gamma)
//   if u_invert: c = 1 - c
precision highp float;

in vec2 v_uv;

uniform sampler2D u_texture;
uniform float u_contrast;
uniform float u_brightness;
uniform float u_gamma;
// 0 or 1 (a float keeps the branch-free mix below).
uniform float u_invert;

out vec4 fragColor;

void main() {
  vec4 texel = texture(u_texture, v_uv);
  vec3 c = clamp((texel.rgb - 0.5) * u_contrast + 0.5 + u_brightness, 0.0, 1.0);
  c = pow(c, vec3(1.0 / u_gamma));
  c = mix(c, 1.0 - c, u_invert);
  fragColor = vec4(c, 1.0);
}
