import type { Context } from 'hono';
import { ApiError } from '../http/ApiError';

/**
 * Reads a raw request body of at most `maxBytes`, counting the bytes as they arrive: a
 * Content-Length above the limit is refused before reading, and a body that runs past the
 * limit (whatever its Content-Length claimed) is refused as soon as it does.
 */
export async function readLimitedBody(c: Context, maxBytes: number): Promise<Buffer> {
  const declared = Number(c.req.header('Content-Length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

const tooLarge = () => new ApiError('payload_too_large', 'The file is larger than allowed.');
