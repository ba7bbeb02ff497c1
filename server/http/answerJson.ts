import type { Context } from 'hono';
import type { ServerConfig } from '../env';
import { paymentOrigins } from '../payments/createPaymentProvider';
import { securityHeaderList } from '../securityHeaders';
import { markCompleteAnswer } from './completeAnswers';
import { COMPRESSION_THRESHOLD_BYTES, selectEncoding } from './compressResponse';

const headerRecords = new WeakMap<ServerConfig, Readonly<Record<string, string>>>();

/**
 * What an API JSON answer ends up with after the middleware: the security headers,
 * `Cache-Control: no-store`, and `Vary: Accept-Encoding` from the compression rules. Names are
 * lower-case and sorted, as Node wrote them when they went through a `Headers` object.
 */
function headerRecordOf(config: ServerConfig): Readonly<Record<string, string>> {
  let record = headerRecords.get(config);
  if (!record) {
    const entries: [string, string][] = securityHeaderList(config.CHAT_SCRIPT_ORIGIN, paymentOrigins(config)).map(
      ([n, v]) => [n.toLowerCase(), v],
    );
    entries.push(['cache-control', 'no-store'], ['content-type', 'application/json'], ['vary', 'Accept-Encoding']);
    entries.sort(([a], [b]) => (a < b ? -1 : 1));
    record = Object.freeze(Object.fromEntries(entries));
    headerRecords.set(config, record);
  }
  return record;
}

/**
 * `c.json(body, status)` for an API route that sets no headers of its own, with its whole header
 * set built once. The Node adapter writes a response whose headers are a plain object straight to
 * the socket; with a `Headers` object (what the middleware's in-place edits make) each of the 16
 * headers is validated, then sorted and copied out again, a third of a small answer's cost.
 * Here the length is known, so the compression threshold applies as it does to any answer of known
 * length: a GET answer under it is sent as it is to every client (gzip would only add bytes and
 * CPU), with the same headers; HEAD (no `Vary`) and larger answers that the client would take
 * compressed go the usual way.
 */
export function answerJson(c: Context, config: ServerConfig, body: unknown, status: 200 | 201 = 200): Response {
  const text = JSON.stringify(body);
  if (
    c.req.method !== 'GET' ||
    (Buffer.byteLength(text) >= COMPRESSION_THRESHOLD_BYTES &&
      selectEncoding(c.req.header('Accept-Encoding')) !== undefined)
  )
    return c.json(body, status);
  return markCompleteAnswer(new Response(text, { status, headers: headerRecordOf(config) }));
}
