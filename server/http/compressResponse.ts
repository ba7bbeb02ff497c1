import { createMiddleware } from 'hono/factory';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { isCompleteAnswer } from './completeAnswers';

const ENCODINGS = ['gzip', 'deflate'] as const;
/** Answers of known length below this are sent uncompressed. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** gzip if the client takes it at full weight, else the acceptable encoding of highest weight. */
export function selectEncoding(header: string | undefined): (typeof ENCODINGS)[number] | undefined {
  if (header === undefined) return undefined;
  const accepts = parseAccept(header);
  const wildcardQ = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: (typeof ENCODINGS)[number]; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcardQ ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * Hono's compress middleware, with the same rules (compressible types, a 1 KiB threshold when the
 * length is known, no-transform honoured, `Vary: Accept-Encoding` on every compressible answer),
 * but headers are set on the response in place: Hono's version calls `c.header()` after the
 * handler, which turns every small JSON answer into a streamed copy, the largest cost of a request.
 */
export function compressResponse() {
  return createMiddleware(async (c, next) => {
    await next();
    if (c.req.method === 'HEAD') return;
    const res = c.res;
    if (isCompleteAnswer(res)) return;
    const headers = res.headers;
    const length = headers.get('Content-Length');
    if (
      res.status === 206 ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      (length && Number(length) < COMPRESSION_THRESHOLD_BYTES) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('Content-Type') ?? '') ||
      NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')
    )
      return;
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = selectEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !res.body) return;
    c.res = new Response(res.body.pipeThrough(new CompressionStream(encoding)), res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  });
}
