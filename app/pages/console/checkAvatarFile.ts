import { AVATAR_MAX_BYTES } from '../../../contract/apiAuth';

/** The image types the server accepts for avatars, recognised by their first bytes. */
const SIGNATURES: Array<{ type: string; test: (b: Uint8Array) => boolean }> = [
  { type: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    type: 'image/webp',
    test: (b) =>
      b[0] === 0x52 &&
      b[1] === 0x49 &&
      b[2] === 0x46 &&
      b[3] === 0x46 &&
      b[8] === 0x57 &&
      b[9] === 0x45 &&
      b[10] === 0x42 &&
      b[11] === 0x50,
  },
];

export type AvatarCheck = { ok: true; type: string } | { ok: false; code: 'payload_too_large' | 'image_invalid' };

/**
 * Checks a chosen profile image before it is sent (spec: at most 500 KB): the size, the type
 * from the file's own bytes (not its name or the browser's guess), and, where the browser can,
 * that it really decodes as an image. The server checks the same again.
 */
export async function checkAvatarFile(
  file: Blob,
  decode: ((file: Blob) => Promise<unknown>) | null = defaultDecoder(),
): Promise<AvatarCheck> {
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, code: 'payload_too_large' };
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const match = SIGNATURES.find((s) => s.test(head));
  if (!match) return { ok: false, code: 'image_invalid' };
  if (decode) {
    try {
      await decode(file);
    } catch {
      return { ok: false, code: 'image_invalid' };
    }
  }
  return { ok: true, type: match.type };
}

function defaultDecoder(): ((file: Blob) => Promise<unknown>) | null {
  if (typeof createImageBitmap !== 'function') return null;
  return async (file) => (await createImageBitmap(file)).close();
}
