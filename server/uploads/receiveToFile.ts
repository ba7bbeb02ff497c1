import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ApiError } from '../http/ApiError';

export const tooLarge = () => new ApiError('payload_too_large', 'The file is larger than declared.');
export const incomplete = () => new ApiError('bad_request', 'The upload ended before all of its bytes arrived.');

/**
 * Streams a request body into `file`, counting the bytes as they arrive (memory stays at one
 * chunk whatever the size): more than `declared` bytes is refused as soon as it happens, fewer
 * when the body ends. A Content-Length above `declared` is refused before reading. The caller
 * removes the file on error.
 */
export async function receiveToFile(
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | undefined,
  declared: number,
  file: string,
): Promise<number> {
  const claimed = Number(contentLength ?? NaN);
  if (Number.isFinite(claimed) && claimed > declared) throw tooLarge();
  if (!body) throw incomplete();
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.byteLength;
      if (size > declared) done(tooLarge());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(file, { flags: 'wx' }),
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The client went away or the stream broke: the upload can be retried.
    throw incomplete();
  }
  if (size !== declared) throw incomplete();
  return size;
}
