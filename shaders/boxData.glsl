// Shared by the box and label vertex shaders (spliced in by shaders/index.ts at
// `#include boxData`): the camera and the boxes' data.

// Camera centre split in two floats (hi + lo == the float64 centre) so that box coordinates
// near x = 100,000 keep sub-pixel precision when zoomed far in.
uniform vec2 u_centerHi;
uniform vec2 u_centerLo;
// CSS pixels per image pixel.
uniform float u_zoom;
// Canvas size in CSS pixels.
uniform vec2 u_viewportSize;

// Two RGBA32UI texels per box (BOX_DATA in shaders/index.ts): x, y, width, height as float bits
// (image pixels; for handles: centre x, y in image pixels and width, height in CSS pixels), then
// the colour bytes (R, G, B, A from the low byte up) and the flags | label << 16.
uniform usampler2D u_boxes;

const int ROW_TEXELS = 2048;
const float FLAG_SELECTED = 1.0;
const float FLAG_HOVERED = 2.0;
const float FLAG_HIDDEN = 4.0;
const float FLAG_HANDLE = 8.0;
const float FLAG_SHAPE = 16.0;

// The box this vertex belongs to (eight vertices per box): its rectangle, colour and flags word.
void readBox(out vec4 rect, out uint color, out uint word) {
  int box = gl_VertexID / 8;
  ivec2 texel = ivec2((box * 2) % ROW_TEXELS, (box * 2) / ROW_TEXELS);
  rect = uintBitsToFloat(texelFetch(u_boxes, texel, 0));
  uvec4 data = texelFetch(u_boxes, texel + ivec2(1, 0), 0);
  color = data.x;
  word = data.y;
}

bool hasFlag(float flags, float bit) {
  return mod(floor(flags / bit), 2.0) == 1.0;
}
