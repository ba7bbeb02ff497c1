/**
 * Entry names: decoded the same way in the browser and on the server, and checked against
 * zip-slip without normalising anything (a name that needs fixing is refused, not rewritten).
 */

const UTF8_FLAG = 0x800;
const utf8 = new TextDecoder('utf-8');
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Names without the UTF-8 flag are tried as UTF-8 first (macOS and most tools write it unflagged),
 * then as CP949, which Korean Windows' "Send to compressed folder" writes.
 */
let legacy: TextDecoder | null | undefined;
function legacyDecoder(): TextDecoder | null {
  if (legacy === undefined) {
    try {
      legacy = new TextDecoder('euc-kr');
    } catch {
      legacy = null;
    }
  }
  return legacy;
}

export function decodeZipEntryName(bytes: Uint8Array, flags: number): string {
  if (flags & UTF8_FLAG) return utf8.decode(bytes);
  try {
    return utf8Strict.decode(bytes);
  } catch {
    const decoder = legacyDecoder();
    return decoder ? decoder.decode(bytes) : String.fromCharCode(...bytes);
  }
}

/**
 * Whether a name may be used as a path inside the dataset: '/'-separated, relative, no '.' or
 * '..' segment, no empty segment (a trailing '/' marks a directory), no backslash, no drive
 * letter, no NUL.
 */
export function isSafeZipEntryName(name: string): boolean {
  if (name === '' || name.includes('\0') || name.includes('\\')) return false;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  const segments = name.endsWith('/') ? name.slice(0, -1).split('/') : name.split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..');
}
