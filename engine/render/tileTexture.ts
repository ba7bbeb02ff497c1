import type { TileImage } from '../types';

/** A tile's GPU texture and its size (edge tiles are smaller than the tile size). */
export interface TileTexture {
  texture: WebGLTexture;
  width: number;
  height: number;
}

function isRaw(image: TileImage): image is Exclude<TileImage, ImageBitmap> {
  return 'data' in image;
}

function upload(gl: WebGL2RenderingContext, image: TileImage, sub: boolean): void {
  if (isRaw(image)) {
    const data =
      image.data instanceof Uint8Array
        ? image.data
        : new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    if (sub) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, image.width, image.height, gl.RGBA, gl.UNSIGNED_BYTE, data);
    else gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, image.width, image.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, data);
  } else if (sub) {
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, image);
  } else {
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
  }
}

/** Sets the upload state every tile upload relies on (once per context). */
export function initTileUploads(gl: WebGL2RenderingContext): void {
  // Tiles are straight RGBA, top row first; edge tiles have any width, so no row padding.
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
}

/**
 * Uploads `image` into `reuse` when given (a texture evicted from the cache): `texSubImage2D` when
 * the size matches, which skips reallocating GPU memory, else a re-initialisation of the same
 * texture object. Otherwise creates a new texture. Linear filtering, clamped edges, no mipmaps
 * (the pyramid is the mip chain).
 */
export function uploadTileTexture(gl: WebGL2RenderingContext, image: TileImage, reuse?: TileTexture): TileTexture {
  if (reuse) {
    gl.bindTexture(gl.TEXTURE_2D, reuse.texture);
    const same = reuse.width === image.width && reuse.height === image.height;
    upload(gl, image, same);
    return { texture: reuse.texture, width: image.width, height: image.height };
  }
  const texture = gl.createTexture();
  if (!texture) throw new Error('createTexture failed');
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  upload(gl, image, false);
  return { texture, width: image.width, height: image.height };
}
